package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A site profile: one cluster's settings, added to every plan composed for it.
 *
 * <p>Sections are never null (an absent section is an empty one) and strings are never null (an
 * absent string is empty), so callers can write {@code profile.cache().enabled()}.
 *
 * @param name the site's name; becomes the plan's {@code profile}; swissd shows it as the cluster's
 *     name
 * @param namespace the default release namespace
 * @param catalog the legacy single catalog location (an http(s) URL or an absolute path)
 * @param catalogs the site's named catalogs
 * @param chartRepo an {@code oci://} registry or http(s) chart repository
 * @param chartPath a local directory holding chart directories (CLI use)
 * @param requireApproval every install, apply, rollback and uninstall on this site needs an
 *     approval of exactly that write by another user
 * @param approvers the users who may approve; empty: anyone signed in but the requester
 * @param extra chart values merged last into the site layer; never validated
 * @param policy what the users' values may change and the rendered pods may be; the defaults when
 *     absent (left out of the JSON then)
 */
@RecordBuilder
public record Profile(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String name,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String namespace,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String catalog,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<CatalogRepo> catalogs,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String chartRepo,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String chartPath,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean requireApproval,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> approvers,
    @JsonInclude(JsonInclude.Include.ALWAYS) Registry registry,
    @JsonInclude(JsonInclude.Include.ALWAYS) ModelPaths model,
    @JsonInclude(JsonInclude.Include.ALWAYS) Schedule schedule,
    @JsonInclude(JsonInclude.Include.ALWAYS) Cache cache,
    @JsonInclude(JsonInclude.Include.ALWAYS) Scaler scaler,
    @JsonInclude(JsonInclude.Include.ALWAYS) Route route,
    @JsonInclude(JsonInclude.Include.ALWAYS) Nodes nodes,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<SiteLink> sites,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Object> extra,
    @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = Policy.DefaultFilter.class)
        Policy policy)
    implements ProfileBuilder.With {

  public Profile {
    name = Nulls.orEmpty(name);
    namespace = Nulls.orEmpty(namespace);
    catalog = Nulls.orEmpty(catalog).strip();
    catalogs = Nulls.nullItemsAs(catalogs, new CatalogRepo("", "", false));
    chartRepo = Nulls.orEmpty(chartRepo);
    chartPath = Nulls.orEmpty(chartPath);
    approvers = approvers == null ? List.of() : List.copyOf(approvers);
    registry = registry == null ? Registry.none() : registry;
    model = model == null ? ModelPaths.none() : model;
    schedule = schedule == null ? Schedule.none() : schedule;
    cache = cache == null ? Cache.disabled() : cache;
    scaler = scaler == null ? Scaler.none() : scaler;
    route = route == null ? Route.none() : route;
    nodes = nodes == null ? Nodes.unknown() : nodes;
    sites = Nulls.nullItemsAs(sites, new SiteLink("", ""));
    extra = Nulls.map(extra);
    policy = policy == null ? Policy.defaults() : policy;
  }

  /**
   * Reads and checks a profile.
   *
   * @param origin names the profile in errors: its file, or the {@code ns/name} of its ConfigMap
   * @throws ProfileException on a YAML error, an unknown key or a broken rule, prefixed with {@code
   *     origin}
   */
  public static Profile parse(String yaml, String origin) {
    Profile profile = ProfileYaml.decode(yaml, origin);
    ProfileRules.check(profile, origin);
    return profile;
  }

  /** Reads a profile file; the path is the origin named in errors. */
  public static Profile load(Path file) {
    return parse(ProfileYaml.read(file), file.toString());
  }

  /**
   * A commented starting profile for a cluster (pre-fills the web's setup form). It parses as is;
   * its {@code {{name}}} path placeholder is kept for compose to expand.
   *
   * @param cluster the site's name; {@code this-cluster} when null or blank
   */
  public static String defaultYaml(String cluster) {
    return DefaultProfile.yaml(cluster);
  }

  /** The local path of a model's weights; see {@link ModelPaths#localPath}. */
  public String localPath(String hf, String modelName) {
    return model.localPath(hf, modelName);
  }

  /** The repository as pulled through the site's mirror; see {@link Registry#mirrorImage}. */
  public String mirrorImage(String repository) {
    return registry.mirrorImage(repository);
  }

  /**
   * The site's catalogs: {@code catalogs} when it lists any, else the legacy {@code catalog} as the
   * one default catalog named {@value CatalogRepo#DEFAULT_CATALOG_NAME}, else none.
   */
  public List<CatalogRepo> catalogRepos() {
    if (!catalogs.isEmpty()) {
      return catalogs;
    }
    if (!catalog.isEmpty()) {
      return List.of(new CatalogRepo(CatalogRepo.DEFAULT_CATALOG_NAME, catalog, true));
    }
    return List.of();
  }
}
