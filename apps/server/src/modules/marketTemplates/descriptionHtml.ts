import { TIKTOK_DESCRIPTION_ATTRIBUTES, TIKTOK_DESCRIPTION_TAGS, TITLE_PLACEHOLDER, type MessageKey } from '@app/contract';

/** What is wrong with a description template's HTML, as a seller message. */
export interface DescriptionProblem {
  key: MessageKey;
  params: Record<string, string>;
}

/** HTML's whitespace inside a tag (tab, LF, FF, CR, space). */
const isSpace = (c: string | undefined) => c === '\t' || c === '\n' || c === '\f' || c === '\r' || c === ' ';
const isLetter = (c: string | undefined) => c !== undefined && /^[a-zA-Z]$/.test(c);

/**
 * The first tag or attribute of a B description template that is not on the whitelist
 * (docs/market-templates.md#description-template): tags `TIKTOK_DESCRIPTION_TAGS`, attributes
 * `TIKTOK_DESCRIPTION_ATTRIBUTES` (img: src, alt; other tags none); null when there is none.
 *
 * Tags are read the way a browser's HTML tokenizer reads them, not by a pattern: a tag name runs to
 * whitespace, `/` or `>`; attributes are separated by whitespace **or `/`** (so `<img/onerror=…>` and
 * `<img src="x"/onerror=…>` carry an onerror attribute), a name may start with any character but
 * whitespace, `/` or `>`, a quoted value runs to its closing quote whatever it holds (`>` included), an
 * unquoted one to whitespace or `>`. A closing tag takes no attribute. `<!…`, `<?…` and `</` not followed by a
 * letter (comments, bogus comments) are refused like an unknown tag; `<` followed by anything else is text.
 */
export function descriptionProblem(html: string): DescriptionProblem | null {
  const tags = TIKTOK_DESCRIPTION_TAGS as readonly string[];
  const n = html.length;
  let i = 0;
  for (;;) {
    const lt = html.indexOf('<', i);
    if (lt < 0) return null;
    i = lt + 1;
    const closing = html[i] === '/';
    if (closing) i += 1;
    if (!isLetter(html[i])) {
      if (!closing && html[i] !== '!' && html[i] !== '?') continue; // "< 5", "<3": text
      return { key: 'tiktokDescriptionTag', params: { tag: /^[^\s>]*/.exec(html.slice(lt + 1))![0] } };
    }
    const nameStart = i;
    while (i < n && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') i += 1;
    const tag = html.slice(nameStart, i).toLowerCase();
    if (!tags.includes(tag)) return { key: 'tiktokDescriptionTag', params: { tag } };
    const allowed = closing ? [] : (TIKTOK_DESCRIPTION_ATTRIBUTES[tag] ?? []);
    const unclosed = { key: 'tiktokDescriptionUnclosedTag', params: { tag } } as const;
    for (;;) {
      while (i < n && (isSpace(html[i]) || html[i] === '/')) i += 1;
      if (i >= n) return unclosed;
      if (html[i] === '>') {
        i += 1;
        break;
      }
      const attrStart = i;
      i += 1; // the first character is the name's, even "=", '"' or "'"
      while (i < n && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') i += 1;
      const attr = html.slice(attrStart, i).toLowerCase();
      if (!allowed.includes(attr)) return { key: 'tiktokDescriptionAttribute', params: { attr } };
      while (i < n && isSpace(html[i])) i += 1;
      if (html[i] !== '=') continue;
      i += 1;
      while (i < n && isSpace(html[i])) i += 1;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const end = html.indexOf(quote, i + 1);
        if (end < 0) return unclosed;
        i = end + 1;
      } else {
        const valueStart = i;
        while (i < n && !isSpace(html[i]) && html[i] !== '>') i += 1;
        // An unquoted value would end inside the title (alt={title}); a quoted one holds it, escaped.
        if (html.slice(valueStart, i).includes(TITLE_PLACEHOLDER)) return { key: 'tiktokDescriptionPlaceholderInTag', params: {} };
      }
    }
  }
}
