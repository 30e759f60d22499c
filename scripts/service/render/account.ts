/**
 * Token, account and attribution records (scripts/api/README.md, "The two families" and "Endpoints").
 */
import type { DatasetAccount } from '../../dataset/schema.ts';
import type { AccountRecord, AttributionRecord, TokenRecord } from '../../api/schemas/family-b.ts';
import { imageUrl, translated, type RenderContext } from '../context.ts';

export const tokenRecord = (account: DatasetAccount): TokenRecord => ({
  token: account.token,
  domain: account.domain,
});

/** The account record holds the plain password, as the real one does; it is never published. */
export function accountRecord(account: DatasetAccount): AccountRecord {
  const { apiKey: _apiKey, token: _token, domain: _domain, ...record } = account;
  return record;
}

export function attributionRecord(ctx: RenderContext): AttributionRecord {
  const a = ctx.dataset.attribution;
  const language = ctx.locale.language;
  return {
    attributionLogo: imageUrl(ctx, a.logo),
    attributionText: translated(a.text, language),
    requiresAttribution: a.requiresAttribution,
    requiresResortAttribution: a.requiresResortAttribution,
    domain: ctx.account.domain,
    iosAttributionText: translated(a.iosText, language),
    iosAttributionLink: a.iosLink,
    androidAttributionText: translated(a.androidText, language),
    androidAttributionLink: a.androidLink,
  };
}
