/** A style sheet of the element's imported as its text, minified by lightningcss (scripts/tooling/minify-css.ts). */
declare module '*.css?raw' {
  const css: string;
  export default css;
}
