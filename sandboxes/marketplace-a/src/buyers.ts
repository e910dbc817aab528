/**
 * The sandbox's buyers (docs/marketplace-a.md#buyers): a small fixed list of real-looking people and addresses,
 * picked in turn, so a run places the same orders every time. The phone numbers are in ranges no one answers
 * (555-01xx in the US) or made up; the streets exist, the people do not.
 */
export interface ReceiptAddress {
  contact_person: string;
  country: string;
  province: string;
  city: string;
  address: string;
  address2: string;
  zip: string;
  phone_country: string;
  mobile_no: string;
}

export interface Buyer {
  login_id: string;
  first_name: string;
  last_name: string;
  country: string;
  address: ReceiptAddress;
}

type Row = [
  first: string,
  last: string,
  country: string,
  province: string,
  city: string,
  address: string,
  address2: string,
  zip: string,
  phone: string,
];

const ROWS: readonly Row[] = [
  ['Emily', 'Carter', 'US', 'California', 'San Mateo', '2150 Bayshore Blvd', 'Apt 4B', '94401', '+1 6505550142'],
  ['Lucía', 'Fernández', 'ES', 'Madrid', 'Madrid', 'Calle de Alcalá 120', '3º B', '28009', '+34 612345678'],
  ['Camille', 'Dubois', 'FR', 'Auvergne-Rhône-Alpes', 'Lyon', '18 Rue de la République', '', '69002', '+33 612345678'],
  ['Ana', 'Souza', 'BR', 'São Paulo', 'São Paulo', 'Rua Augusta 1500', 'Apto 62', '01304-001', '+55 11987654321'],
  ['Michael', 'Brooks', 'US', 'Massachusetts', 'Cambridge', '88 Lakeview Ave', '', '02138', '+1 6175550188'],
  ['Javier', 'Moreno', 'ES', 'Barcelona', 'Barcelona', 'Carrer de Mallorca 245', 'Principal 2ª', '08008', '+34 655123987'],
  ['Julien', 'Martin', 'FR', "Provence-Alpes-Côte d'Azur", 'Nice', '42 Avenue Jean Médecin', '', '06000', '+33 698765432'],
  ['Rafael', 'Lima', 'BR', 'Rio de Janeiro', 'Rio de Janeiro', 'Avenida Atlântica 2000', 'Apto 801', '22021-001', '+55 21998765432'],
  ['Lena', 'Schmidt', 'DE', 'Berlin', 'Berlin', 'Friedrichstraße 68', '', '10117', '+49 15123456789'],
];

/** The countries the list covers (a control call's `country` must be one). */
export const BUYER_COUNTRIES = [...new Set(ROWS.map((r) => r[2]))];

/** A login id made like AliExpress's (`us…`: the country in lower case and digits), unique per n. */
export const loginIdFor = (n: number, country: string) => `${country.toLowerCase()}${String(100000 + n).padStart(9, '0')}`;

/** The n-th buyer (of a country, when given): the same n always answers the same buyer. */
export function buyerFor(n: number, country?: string): Buyer {
  const rows = country ? ROWS.filter((r) => r[2] === country) : ROWS;
  const [first, last, cc, province, city, address, address2, zip, phone] = rows[n % rows.length]!;
  const [phoneCountry, mobile] = phone.split(' ') as [string, string];
  return {
    login_id: loginIdFor(n, cc),
    first_name: first,
    last_name: last,
    country: cc,
    address: {
      contact_person: `${first} ${last}`,
      country: cc,
      province,
      city,
      address,
      address2,
      zip,
      phone_country: phoneCountry,
      mobile_no: mobile,
    },
  };
}
