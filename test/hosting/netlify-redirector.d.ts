/** The part of netlify-redirector (Netlify's redirect engine, compiled to WebAssembly, without types) the tests use. */
declare module 'netlify-redirector' {
  interface Request {
    scheme: string;
    host: string;
    path: string;
    /** The raw query string, without `?`. */
    query: string;
    getHeader?: (name: string) => string;
    getCookie?: (name: string) => string;
  }
  interface Match {
    from: string;
    to: string;
    status: number;
    force: boolean;
  }
  interface Matcher {
    match(request: Request): Match | null;
  }
  const redirector: { parsePlain(rules: string, options: object): Promise<Matcher> };
  export default redirector;
}
