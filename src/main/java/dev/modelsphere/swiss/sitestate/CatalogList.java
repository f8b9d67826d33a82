package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.catalog.CatalogException;
import dev.modelsphere.swiss.catalog.Fetcher;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.site.CatalogRepo;
import dev.modelsphere.swiss.site.Profile;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The catalogs a site offers, in the order the profile lists them, and which one a request or a
 * release means.
 *
 * @param from {@value #FROM_PROFILE} or {@value #FROM_CONFIG}; empty when there are none
 * @param configOrigin the config file, named when no catalog is configured
 */
public record CatalogList(List<CatalogRepo> repos, String from, String configOrigin) {
  public static final String FROM_PROFILE = "profile";
  public static final String FROM_CONFIG = "config";

  public CatalogList {
    repos = List.copyOf(repos);
  }

  /**
   * The profile's catalogs when it reads and lists any; otherwise the config's one catalog, named
   * {@value CatalogRepo#DEFAULT_CATALOG_NAME}.
   */
  static CatalogList of(Optional<Profile> profile, Config config) {
    List<CatalogRepo> listed = profile.map(Profile::catalogRepos).orElse(List.of());
    if (!listed.isEmpty()) {
      return new CatalogList(listed, FROM_PROFILE, config.origin());
    }
    if (config.catalog().isEmpty()) {
      return new CatalogList(List.of(), "", config.origin());
    }
    return new CatalogList(
        List.of(new CatalogRepo(CatalogRepo.DEFAULT_CATALOG_NAME, config.catalog(), false)),
        FROM_CONFIG,
        config.origin());
  }

  /**
   * The catalog a request means: the one it names, else the only one, else the default.
   *
   * @param name the requested name; null or empty when the request names none
   * @throws SiteStateException {@code BAD_REQUEST} when there is no catalog, the name is unknown,
   *     or several are configured with no default and none is named
   */
  public CatalogRepo resolve(String name) {
    if (repos.isEmpty()) {
      throw badRequest(noneConfigured());
    }
    if (name != null && !name.isEmpty()) {
      return named(name)
          .orElseThrow(
              () -> badRequest("no catalog named \"%s\" (have: %s)".formatted(name, names())));
    }
    if (repos.size() == 1) {
      return repos.get(0);
    }
    return defaultRepo()
        .orElseThrow(
            () ->
                badRequest(
                    "%d catalogs are configured (%s) and none is the default: name one"
                        .formatted(repos.size(), names())));
  }

  /**
   * The catalog a deployed release belongs to: the one its plan names, else the one at the location
   * its plan records, else the default (or only) catalog.
   *
   * @param planCatalogName the plan's {@code source.catalogName}; empty when it names none
   * @param planSource the plan's {@code source.catalog}, a normalised location
   * @throws SiteStateException {@code BAD_REQUEST} when the named catalog is no longer listed, or
   *     nothing matches and there is no default to stand in
   */
  public CatalogRepo forRelease(String planCatalogName, String planSource) {
    if (planCatalogName != null && !planCatalogName.isEmpty()) {
      return named(planCatalogName)
          .orElseThrow(
              () ->
                  badRequest(
                      "it was deployed from catalog \"%s\", which this site no longer lists -- add it back to catalogs in the site profile"
                          .formatted(planCatalogName)));
    }
    if (planSource != null && !planSource.isEmpty()) {
      Optional<CatalogRepo> atSource =
          repos.stream().filter(r -> source(r.url()).equals(planSource)).findFirst();
      if (atSource.isPresent()) {
        return atSource.get();
      }
    }
    try {
      return resolve("");
    } catch (SiteStateException e) {
      if (repos.size() < 2) {
        throw e;
      }
      throw badRequest(
          "its plan names no catalog this site lists (it records \"%s\") and there is no default to stand in -- mark one catalog default in the site profile"
              .formatted(planSource == null ? "" : planSource));
    }
  }

  /** The catalog the navigation header shows: the default, else the first; empty when none. */
  public Optional<CatalogRepo> shown() {
    return defaultRepo().or(() -> repos.stream().findFirst());
  }

  /**
   * A catalog URL as plans record it ({@code source.catalog}): the fetcher's normalised index
   * location. A location the fetcher refuses is returned as written.
   */
  public static String source(String url) {
    try {
      return Fetcher.forLocation(url).location();
    } catch (CatalogException e) {
      return url;
    }
  }

  /** What to say when no catalog is configured at all. */
  String noneConfigured() {
    return "no catalog: set catalogs in the site profile, or catalog in %s"
        .formatted(configOrigin.isEmpty() ? "the config file" : configOrigin);
  }

  private Optional<CatalogRepo> named(String name) {
    return repos.stream().filter(r -> r.name().equals(name)).findFirst();
  }

  private Optional<CatalogRepo> defaultRepo() {
    return repos.stream().filter(CatalogRepo::isDefault).findFirst();
  }

  private String names() {
    return repos.stream().map(CatalogRepo::name).collect(Collectors.joining(", "));
  }

  private static SiteStateException badRequest(String message) {
    return new SiteStateException(ErrorKind.INVALID, message);
  }
}
