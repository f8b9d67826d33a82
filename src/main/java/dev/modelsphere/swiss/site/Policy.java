package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;
import java.util.List;

/**
 * The site's values policy: what users' values may change, and what the rendered pods may be. The
 * profile is the site's, so the policy is too: the catalog and site layers are trusted, the form
 * and the hand edit are held to it.
 *
 * @param podSecurity the Pod Security Standard every rendered pod must meet: {@code restricted}
 *     (the default) or {@code baseline}
 * @param keys the keys the user layers may and may not set
 * @param registries the registries images may come from (a host, or a host and path prefix); empty
 *     means the site's {@code registry.mirror} when it names one, else any
 * @param allow the exceptions to the level the site makes, one by one
 */
public record Policy(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String podSecurity,
    @JsonInclude(JsonInclude.Include.ALWAYS) PolicyKeys keys,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> registries,
    @JsonInclude(JsonInclude.Include.ALWAYS) PolicyAllow allow) {

  public Policy {
    podSecurity = Nulls.orEmpty(podSecurity);
    keys = keys == null ? PolicyKeys.defaults() : keys;
    registries = Nulls.withoutNullItems(registries);
    allow = allow == null ? PolicyAllow.nothing() : allow;
  }

  /** The policy of a profile that has no {@code policy} section: every default. */
  public static Policy defaults() {
    return new Policy("", null, List.of(), null);
  }

  /** The level; {@code restricted} when the profile names none (a bad name is refused on parse). */
  public PodSecurity level() {
    return PodSecurity.of(podSecurity).orElse(PodSecurity.RESTRICTED);
  }

  /**
   * Jackson's filter that leaves a default policy out of the profile's JSON, so a profile without
   * one reads back as it was written.
   */
  public static final class DefaultFilter {
    @Override
    public boolean equals(Object other) {
      return other == null || defaults().equals(other);
    }

    @Override
    public int hashCode() {
      return 0;
    }
  }
}
