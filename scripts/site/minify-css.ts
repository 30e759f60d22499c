/**
 * The element's style sheet (`widget/styles.ts`) is a plain template literal marked `/* css *\/`, which no
 * bundler minifies: the vite build of the bundle and the package's `widget/lib/styles.js` both pass it
 * through here, so a page loads the same small sheet however it gets the element.
 */

/** Comments and the white space CSS does not need, gone. */
export function minifyCss(text: string): string {
  return (
    text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      // not the space before a colon: in `.a :is(.b)` it is the descendant combinator
      .replace(/\s*([{};,>])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      .replace(/;}/g, '}')
      .trim()
  );
}

/** Each of a module's style sheets and parts, `/* css *\/ \`…\``, minified in place; the markers go too. */
export function minifyStyleSheet(code: string): string {
  return code.replace(/\/\* css \*\/ `([^`]*)`/g, (_, body: string) => `\`${minifyCss(body)}\``);
}
