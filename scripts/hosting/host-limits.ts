/**
 * The file-count limits of the common static hosts (scripts/docs/configuration.md, "Profiles and the hosts' file
 * limits"), as their documentation gave them in early 2026; the build's summary says which a published tree
 * passes (scripts/cli/host-limits.ts), with the settings that would fit.
 */

export interface HostLimit {
  host: string;
  /** Files per site or deploy. */
  files?: number;
  /** Files in any one folder. */
  perFolder?: number;
}

export const HOST_LIMITS: readonly HostLimit[] = [
  { host: 'Cloudflare Pages on its free plan', files: 20_000 },
  { host: 'Netlify', perFolder: 54_000 },
  { host: 'Cloudflare Pages on its paid plans', files: 100_000 },
  { host: 'GitLab Pages', files: 200_000 },
];
