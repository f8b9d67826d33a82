import type { SiteLink } from "../api/cluster";
import { isWebAddress } from "../lib/webAddress";

/** A site the switcher offers: its name, and the address choosing it navigates to. */
export type SiteChoice = { url: string; name: string };

/**
 * The profile's other sites that can be switched to: choosing one navigates the whole page there,
 * so only a web address qualifies (the profile is data an admin edits, a `javascript:` address
 * would run in this page). A site without a name is shown by its address.
 */
export function siteChoices(listed: SiteLink[]): SiteChoice[] {
  return listed.flatMap((site) => (isWebAddress(site.url) ? [{ url: site.url, name: site.name || site.url }] : []));
}
