package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.site.CatalogRepo;
import dev.modelsphere.swiss.site.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code GET /api/cluster} and {@code GET /api/sites}: the site's identity, catalogs and links as
 * they read now. Both always answer; what cannot be read becomes a warning or an empty field.
 */
public final class ClusterView {
  private final SiteProfiles profiles;
  private final SiteCatalogs catalogs;
  private final Config config;
  private final String version;
  private final LlmServiceAccess llmServices;

  public ClusterView(
      SiteProfiles profiles,
      SiteCatalogs catalogs,
      Config config,
      String version,
      LlmServiceAccess llmServices) {
    this.profiles = profiles;
    this.catalogs = catalogs;
    this.config = config;
    this.version = version;
    this.llmServices = llmServices;
  }

  public ClusterAnswer cluster() {
    List<String> warnings = new ArrayList<>();
    Optional<Profile> profile = readProfile(warnings);
    CatalogList list = CatalogList.of(profile, config);
    if (list.repos().isEmpty()) {
      warnings.add("catalog: " + list.noneConfigured());
    }
    List<CatalogSummary> summaries = summarise(list, warnings);
    Optional<CatalogRepo> shown = list.shown();
    String applyWith = config.server().applyWith();
    LlmServiceAccess.Access access = llmServices.current();
    warnings.addAll(access.warnings(applyWith));
    return ClusterAnswerBuilder.builder()
        .name(profile.map(Profile::name).orElse(""))
        .profile(config.profileRef())
        .profileName(profile.map(Profile::name).orElse(""))
        .priorityClassName(profile.map(p -> p.schedule().priorityClassName()).orElse(""))
        .schedulerName(profile.map(p -> p.schedule().schedulerName()).orElse(""))
        .namespace(profile.map(Profile::namespace).orElse(""))
        .chartRepo(profile.map(Profile::chartRepo).orElse(""))
        .catalog(shown.map(CatalogRepo::url).orElse(""))
        .catalogFrom(list.from())
        .catalogRef(shown.map(repo -> refOf(repo, summaries)).orElse(""))
        .catalogs(summaries)
        .version(version)
        .allowDeploy(config.server().allowDeploy())
        .sites(profile.map(SitesAnswer::others).orElse(List.of()))
        .warnings(List.copyOf(warnings))
        .llmservice(
            new LlmServiceSummary(access.served(), applyWith, access.newInstalls(applyWith)))
        .build();
  }

  public SitesAnswer sites() {
    return SitesAnswer.of(profiles.profileIfReadable());
  }

  private Optional<Profile> readProfile(List<String> warnings) {
    try {
      return Optional.of(profiles.profile());
    } catch (SiteStateException e) {
      warnings.add("profile: " + e.getMessage());
      return Optional.empty();
    }
  }

  /** Every listed catalog with its current ref; one that cannot be opened gets a warning. */
  private List<CatalogSummary> summarise(CatalogList list, List<String> warnings) {
    List<CatalogSummary> out = new ArrayList<>();
    for (CatalogRepo repo : list.repos()) {
      String ref = "";
      try {
        ref = catalogs.open(repo).catalog().ref();
      } catch (SiteStateException e) {
        warnings.add("catalog %s: %s".formatted(repo.name(), e.getMessage()));
      }
      out.add(
          new CatalogSummary(
              repo.name(), repo.url(), CatalogList.source(repo.url()), ref, repo.isDefault()));
    }
    return out;
  }

  private static String refOf(CatalogRepo repo, List<CatalogSummary> summaries) {
    return summaries.stream()
        .filter(s -> s.name().equals(repo.name()))
        .map(CatalogSummary::ref)
        .findFirst()
        .orElse("");
  }
}
