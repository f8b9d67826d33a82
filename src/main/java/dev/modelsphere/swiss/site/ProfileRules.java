package dev.modelsphere.swiss.site;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The rules a parsed profile must keep. {@code extra} is deliberately not checked. */
final class ProfileRules {
  private ProfileRules() {}

  static void check(Profile p, String origin) {
    if (p.name().isEmpty()) {
      fail(origin, "name is required");
    }
    if (p.model().pathTemplate().isEmpty()) {
      fail(origin, "model.pathTemplate is required -- the catalog gives an identity, not a path");
    }
    checkCatalogLocation(origin, "catalog", p.catalog());
    checkCatalogs(origin, p.catalogs());
    checkSites(origin, p.sites());
    checkPolicy(origin, p.policy());
  }

  private static void checkPolicy(String origin, Policy policy) {
    if (!policy.podSecurity().isEmpty() && PodSecurity.of(policy.podSecurity()).isEmpty()) {
      fail(
          origin,
          "policy.podSecurity \"%s\" is not a level: write restricted (the default) or baseline"
              .formatted(policy.podSecurity()));
    }
    checkKeyPatterns(origin, "policy.keys.allow", policy.keys().allow());
    checkKeyPatterns(origin, "policy.keys.deny", policy.keys().deny());
    for (String registry : policy.registries()) {
      if (registry.isBlank() || registry.contains("://") || registry.contains(" ")) {
        fail(
            origin,
            "policy.registries \"%s\" must be a registry host, with a path prefix if any (ghcr.io/acme)"
                .formatted(registry));
      }
    }
    for (String path : policy.allow().hostPaths()) {
      if (!path.startsWith("/") || path.contains("/../") || path.endsWith("/..")) {
        fail(
            origin,
            "policy.allow.hostPaths \"%s\" must be an absolute node path without .."
                .formatted(path));
      }
    }
  }

  /** Dotted paths whose segments are names, {@code *} or {@code **}; never an empty segment. */
  private static void checkKeyPatterns(String origin, String key, List<String> patterns) {
    for (String pattern : patterns) {
      if (pattern.isEmpty() || Arrays.asList(pattern.split("\\.", -1)).contains("")) {
        fail(
            origin,
            "%s \"%s\" must be a dotted values path (model.gpus, *.image, **.command)"
                .formatted(key, pattern));
      }
    }
  }

  private static void checkCatalogLocation(String origin, String key, String location) {
    if (!location.isEmpty() && !Text.isHttpUrl(location) && !location.startsWith("/")) {
      fail(
          origin,
          key + " \"" + location + "\" must be an http:// or https:// url, or an absolute path");
    }
  }

  private static void checkCatalogs(String origin, List<CatalogRepo> catalogs) {
    Set<String> names = new HashSet<>();
    int defaults = 0;
    for (int i = 0; i < catalogs.size(); i++) {
      CatalogRepo c = catalogs.get(i);
      if (c.name().isEmpty() || c.url().isEmpty()) {
        fail(origin, "catalogs[" + i + "] needs both name and url");
      }
      if (!names.add(c.name())) {
        fail(origin, "catalogs[" + i + "] repeats the name \"" + c.name() + "\"");
      }
      checkCatalogLocation(origin, "catalogs[" + i + "] url", c.url());
      defaults += c.isDefault() ? 1 : 0;
    }
    if (defaults > 1) {
      fail(origin, defaults + " catalogs are marked default; mark at most one");
    }
  }

  private static void checkSites(String origin, List<SiteLink> sites) {
    for (int i = 0; i < sites.size(); i++) {
      SiteLink s = sites.get(i);
      if (s.name().isEmpty() || s.url().isEmpty()) {
        fail(origin, "sites[" + i + "] needs both name and url");
      }
      if (!Text.isHttpUrl(s.url())) {
        fail(
            origin, "sites[" + i + "] url \"" + s.url() + "\" must start with http:// or https://");
      }
    }
  }

  private static void fail(String origin, String problem) {
    throw new ProfileException(origin + ": " + problem);
  }
}
