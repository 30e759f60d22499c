/**
 * A body's bytes as text, by the charset its `Content-Type` declares (scripts/api/README.md, "Limits"):
 * any label the WHATWG Encoding standard knows (`utf-8`, `iso-8859-1` and `latin1`, which it reads as
 * `windows-1252`, `utf-16`, …), UTF-8 when it declares none. Bytes the encoding cannot read are never
 * replaced in silence: such a body, or one that declares a label no encoding has, is a defect of that body,
 * named (the fetch phase refuses it as it refuses a body that is not JSON). Pure.
 */

/** The text, and why it is not the body's own when it is not (its bytes replaced where they could not be read). */
export interface Decoded {
  text: string;
  defect?: string;
}

/** A label shown in a message: only what a label may hold, never any other text of the header. */
const SHOWN_LABEL = /^[A-Za-z0-9._:-]{1,40}$/;

/** The `charset` parameter of a Content-Type, lower-cased and unquoted, or undefined. */
export function charsetOf(contentType: string | string[] | undefined): string | undefined {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  if (value === undefined) return undefined;
  for (const parameter of value.split(';').slice(1)) {
    const [name, ...rest] = parameter.split('=');
    if (name?.trim().toLowerCase() !== 'charset') continue;
    const label = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    return label === '' ? undefined : label.toLowerCase();
  }
  return undefined;
}

/**
 * What windows-1252 reads at 0x80–0x9F (the WHATWG Encoding standard's index; the five bytes it leaves
 * undefined read as their C1 control). Node 20's decoder of that name reads these bytes as latin-1 does,
 * as C1 controls: a `€` would become a control character, and then nothing (`cleanText`).
 */
const WINDOWS_1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** C1 controls as windows-1252 reads their bytes. */
const from1252 = (text: string) =>
  text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252[c.charCodeAt(0) - 0x80]!);

/** `body` decoded by the charset `contentType` declares (UTF-8 when none), or the defect that keeps it from being read. */
export function decodeBody(body: Uint8Array, contentType: string | string[] | undefined): Decoded {
  const label = charsetOf(contentType);
  const shown = label !== undefined && SHOWN_LABEL.test(label) ? `"${label}"` : 'a label';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8', { fatal: true });
  } catch {
    return {
      defect: `the body declares charset ${shown}, which names no encoding`,
      text: new TextDecoder().decode(body),
    };
  }
  try {
    const text = decoder.decode(body);
    return { text: decoder.encoding === 'windows-1252' ? from1252(text) : text };
  } catch {
    return {
      defect:
        label === undefined
          ? 'the body is not valid UTF-8 and declares no charset'
          : `the body is not valid ${decoder.encoding} (its charset ${shown})`,
      text: new TextDecoder(decoder.encoding).decode(body),
    };
  }
}
