/**
 * The sandbox's fake buyers (docs/marketplace-b.md#buyers): real-looking people and addresses, invented, in the
 * shape of Get Order Detail's `recipient_address`. Phone numbers are from ranges kept for fiction (US 555-01xx,
 * UK 07700 900xxx). A purchase picks one by turn (the n-th order the n-th buyer), so runs repeat.
 */
export interface Buyer {
  user_id: string;
  name: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  address_line1: string;
  address_line2: string;
  postal_code: string;
  region_code: string;
  /** L0 country, L1 state or nation, L2 county or region, L3 city (TikTok's `district_info` levels). */
  districts: [string, string, string, string];
  post_town?: string;
}

const LEVELS = ['Country', 'State', 'County', 'City'];

export const BUYERS: readonly Buyer[] = [
  b('7494015500000301001', 'Emily', 'Johnson', '(+1)5125550132', '2847 Cedar Ridge Dr', '', '78731', 'US', [
    'United States',
    'Texas',
    'Travis',
    'Austin',
  ]),
  b(
    '7494015500000301002',
    'Oliver',
    'Smith',
    '(+44)7700900461',
    '14 Kingsley Road',
    '',
    'M20 2DL',
    'GB',
    ['United Kingdom', 'England', 'Greater Manchester', 'Manchester'],
    'MANCHESTER',
  ),
  b('7494015500000301003', 'Lukas', 'Müller', '(+49)3025558814', 'Hauptstraße 42', 'Hinterhaus, 2. OG', '10827', 'DE', [
    'Deutschland',
    'Berlin',
    'Berlin',
    'Berlin',
  ]),
  b('7494015500000301004', 'Michael', 'Chen', '(+1)2125550178', '118 W 22nd St', 'Apt 4B', '10011', 'US', [
    'United States',
    'New York',
    'New York',
    'New York',
  ]),
  b(
    '7494015500000301005',
    'Amelia',
    'Brown',
    '(+44)7700900217',
    '27 Victoria Street',
    'Flat 3',
    'BS1 6AA',
    'GB',
    ['United Kingdom', 'England', 'Bristol', 'Bristol'],
    'BRISTOL',
  ),
  b('7494015500000301006', 'Anna', 'Schmidt', '(+49)8923557106', 'Goethestraße 7', '', '80336', 'DE', [
    'Deutschland',
    'Bayern',
    'Oberbayern',
    'München',
  ]),
  b('7494015500000301007', 'Sarah', 'Williams', '(+1)5035550119', '5120 NE Glisan St', '', '97213', 'US', [
    'United States',
    'Oregon',
    'Multnomah',
    'Portland',
  ]),
  b('7494015500000301008', 'Camille', 'Martin', '(+33)612345078', '18 Rue des Lilas', '', '75019', 'FR', [
    'France',
    'Île-de-France',
    'Paris',
    'Paris',
  ]),
  b('7494015500000301009', 'Lucía', 'García', '(+34)612555093', 'Calle de Alcalá 123', '2º B', '28009', 'ES', [
    'España',
    'Comunidad de Madrid',
    'Madrid',
    'Madrid',
  ]),
];

export const REGION_CODES = [...new Set(BUYERS.map((x) => x.region_code))];

function b(
  user_id: string,
  first_name: string,
  last_name: string,
  phone_number: string,
  address_line1: string,
  address_line2: string,
  postal_code: string,
  region_code: string,
  districts: Buyer['districts'],
  post_town?: string,
): Buyer {
  return {
    user_id,
    name: `${first_name} ${last_name}`,
    first_name,
    last_name,
    phone_number,
    address_line1,
    address_line2,
    postal_code,
    region_code,
    districts,
    ...(post_town ? { post_town } : {}),
  };
}

/** The buyer whose turn `n` is, among those of `region` when one is asked. */
export function buyerFor(n: number, region?: string): Buyer {
  const pool = region ? BUYERS.filter((x) => x.region_code === region) : BUYERS;
  return pool[n % pool.length]!;
}

/** Get Order Detail's `recipient_address` for a buyer. */
export function recipientAddress(x: Buyer) {
  const [country, state, county, city] = x.districts;
  const street = [x.address_line1, x.address_line2].filter(Boolean).join(', ');
  return {
    name: x.name,
    first_name: x.first_name,
    last_name: x.last_name,
    phone_number: x.phone_number,
    address_line1: x.address_line1,
    address_line2: x.address_line2,
    address_detail: x.address_line2,
    postal_code: x.postal_code,
    region_code: x.region_code,
    ...(x.post_town ? { post_town: x.post_town } : {}),
    district_info: x.districts.map((address_name, i) => ({
      address_level: `L${i}`,
      address_level_name: LEVELS[i]!,
      address_name,
    })),
    full_address: `${street}, ${city}, ${county === city ? '' : `${county}, `}${state === city ? '' : `${state}, `}${x.postal_code}, ${country}`,
  };
}
