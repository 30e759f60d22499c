/**
 * `dist/404.html`: the page a static host answers, with status 404, for a path the tree has no file at
 * (scripts/docs/hosting.md, "What each host does"). Without it Cloudflare Pages takes the tree for a
 * single-page app and answers every missing path 200 with `index.html`, so a client asking for a resort
 * that is not there would parse the demo page. No script, no link: it may answer at any depth.
 */

/** Where the page is published, relative to the release root. */
export const NOT_FOUND_PAGE = '404.html';

/** The page's HTML. */
export function notFoundPage(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Not found</title>
  </head>
  <body>
    <main>
      <h1>Not found</h1>
      <p>There is no file at this address.</p>
    </main>
  </body>
</html>
`;
}
