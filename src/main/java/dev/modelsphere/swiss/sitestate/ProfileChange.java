package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.site.Profile;

/**
 * A checked change of the site profile, not yet stored: the text it replaces, read from the store
 * just now, and the new text with the profile it parses to.
 *
 * @param location where the profile is kept ({@code namespace/name} of its ConfigMap)
 * @param before the stored text; empty when the site was not set up
 * @param after the new text, stored byte for byte
 * @param requiresApproval the stored profile says {@code requireApproval}: the change must be
 *     approved, as a deploy must, before it may switch that off or change who approves
 */
public record ProfileChange(
    String location, String before, String after, Profile profile, boolean requiresApproval) {}
