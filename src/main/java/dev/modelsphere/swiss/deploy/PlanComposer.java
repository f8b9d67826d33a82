package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.catalog.Accelerator;
import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.CatalogException;
import dev.modelsphere.swiss.catalog.ChartVersionException;
import dev.modelsphere.swiss.catalog.ChartVersionListException;
import dev.modelsphere.swiss.catalog.ChartVersionSpec;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Requires;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.compose.ComposeException;
import dev.modelsphere.swiss.compose.ComposeRequest;
import dev.modelsphere.swiss.compose.Composer;
import dev.modelsphere.swiss.compose.Form;
import dev.modelsphere.swiss.compose.FormInput;
import dev.modelsphere.swiss.compose.LiveRecompose;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.policy.Finding;
import dev.modelsphere.swiss.deploy.policy.SitePolicy;
import dev.modelsphere.swiss.deploy.preflight.ValuesPolicyRule;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.plan.Layer;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.plan.ReleaseName;
import dev.modelsphere.swiss.plan.ServiceId;
import dev.modelsphere.swiss.plan.SourceRef;
import dev.modelsphere.swiss.site.CatalogRepo;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.sitestate.ChartListings;
import dev.modelsphere.swiss.sitestate.SiteCatalogs;
import dev.modelsphere.swiss.sitestate.SiteProfiles;
import dev.modelsphere.swiss.sitestate.SiteStateException;
import dev.modelsphere.swiss.values.Tree;
import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a {@link PlanInput} into a plan (reference server.md §4.2-§4.5): a new release from the
 * catalog, an upgrade that carries the deployed release's settings forward ({@code fromRelease}),
 * or a change to the live plan that leaves the catalog alone ({@code reuseSource}). Refusals are
 * domain errors: {@code INVALID} for what the request got wrong, {@code UPSTREAM_FAILED} for a
 * registry or cluster that could not be read, and the site's own kinds for its catalogs and
 * profile.
 */
public final class PlanComposer {
  private final SiteCatalogs catalogs;
  private final SiteProfiles profiles;
  private final ChartListings charts;
  private final DeployedPlans plans;
  private final GpuResources gpus;
  private final GpuProductCheck productCheck;

  public PlanComposer(
      SiteCatalogs catalogs,
      SiteProfiles profiles,
      ChartListings charts,
      DeployedPlans plans,
      GpuResources gpus,
      GpuProductCheck productCheck) {
    this.catalogs = catalogs;
    this.profiles = profiles;
    this.charts = charts;
    this.plans = plans;
    this.gpus = gpus;
    this.productCheck = productCheck;
  }

  /**
   * A composed plan and what the operator should know about it.
   *
   * @param requires the catalog variant's hardware needs, for the GPU-fit check; null when the plan
   *     was composed without the catalog
   * @param upgrade the plan is for a release that is deployed already
   */
  public record Composed(Plan plan, List<String> warnings, Requires requires, boolean upgrade) {}

  /**
   * The plan the request describes, its user layers held to the site's values policy: a key the
   * site keeps from users is refused here (400), before the plan is stored or anything rendered.
   */
  public Composed compose(PlanInput request) {
    Composed composed = composeLayers(request);
    requireAllowedKeys(composed.plan());
    return composed;
  }

  private void requireAllowedKeys(Plan plan) {
    List<Finding> refused = SitePolicy.of(profile()).userLayers(plan);
    if (!refused.isEmpty()) {
      throw badRequest(
          "the site's values policy refuses %d value(s) of this plan, nothing was stored:\n- %s"
              .formatted(
                  refused.size(),
                  String.join(
                      "\n- ",
                      refused.stream()
                          .map(f -> ValuesPolicyRule.NAME + ": " + f.message())
                          .toList())));
    }
  }

  private Composed composeLayers(PlanInput request) {
    if (request.reuseSource()) {
      return new Composed(reuse(request), List.of(), null, true);
    }
    Upgrade upgrade = request.fromRelease().isEmpty() ? null : carryForward(request);
    PlanInput req = upgrade == null ? request : upgrade.request();
    if (req.model().isEmpty()) {
      throw badRequest("model is required");
    }
    CatalogRepo repo = resolveCatalog(req.catalog());
    Catalog catalog = open(repo);
    Entry entry = entry(catalog, req.model(), req.version());
    Variant variant = variant(entry, req.variant());
    if (upgrade != null && upgrade.moves(repo)) {
      CatalogMove.check(upgrade.previous(), repo.name(), entry, variant);
    }
    List<String> warnings = productCheck.check(variant, req.gpuProducts(), req.forceGpuProducts());
    Profile profile = profile();
    String chartVersion =
        chartVersion(
            profile, variant, req.chartVersion(), upgrade == null ? "" : upgrade.runningChart());
    // An upgrade keeps the name the release has; a new one gets a name the charts can use.
    String release =
        upgrade != null ? req.release() : releaseName(req.release(), req.serviceId(), entry.name());
    Map<String, Object> form = form(req, variant);
    Map<String, Object> edits =
        upgrade != null && upgrade.bare() ? upgrade.edits() : tree("plan edits", req.editsYaml());
    try {
      Plan plan =
          Composer.compose(
              new ComposeRequest(
                  catalog.location(),
                  repo.name(),
                  catalog.ref(),
                  entry,
                  variant,
                  profile,
                  release,
                  req.namespace(),
                  form,
                  edits,
                  req.createNamespace(),
                  chartVersion));
      return new Composed(plan, warnings, variant.requires(), upgrade != null);
    } catch (ComposeException | PlanException | ValuesException e) {
      throw invalid(e);
    }
  }

  /**
   * The hardware needs of the catalog variant a stored plan was composed from, for the GPU-fit
   * check on apply; null when the catalog cannot say (unreachable, or it no longer lists it).
   */
  public Requires requiresOf(Plan plan) {
    SourceRef source = plan.source();
    try {
      CatalogRepo repo = catalogs.list().forRelease(source.catalogName(), source.catalog());
      return catalogs
          .open(repo)
          .catalog()
          .entry(source.model(), source.version())
          .variant(source.variant())
          .requires();
    } catch (SiteStateException | CatalogException e) {
      return null;
    }
  }

  /** spec/canary.md §5: the live plan, with the request's form values and edits over it. */
  private Plan reuse(PlanInput req) {
    if (req.fromRelease().isEmpty() || req.namespace().isEmpty()) {
      throw badRequest("reuseSource needs fromRelease and namespace: name the live release");
    }
    Plan live;
    try {
      live = plans.current(req.namespace(), req.fromRelease());
    } catch (DeployException e) {
      // Whatever kept the live plan from being read, there is no live plan to start from.
      throw new DeployException(ErrorKind.NOT_FOUND, e.getMessage(), e);
    }
    try {
      return LiveRecompose.recompose(live, req.overridesYaml(), req.overrides(), req.editsYaml());
    } catch (ComposeException | PlanException | ValuesException e) {
      throw invalid(e);
    }
  }

  /**
   * §4.3: the deployed release's model, variant, form, edits and chart carried into the request.
   */
  private Upgrade carryForward(PlanInput req) {
    String namespace = req.namespace().isEmpty() ? profile().namespace() : req.namespace();
    Plan previous;
    try {
      previous = plans.current(namespace, req.fromRelease());
    } catch (DeployException e) {
      throw new DeployException(
          ErrorKind.INVALID,
          "cannot upgrade %s in %s: %s".formatted(req.fromRelease(), namespace, e.getMessage()),
          e);
    }
    Optional<CatalogRepo> own = ownCatalog(previous);
    String catalog = req.catalog();
    if (catalog.isEmpty()) {
      catalog =
          own.map(CatalogRepo::name)
              .orElseThrow(
                  () ->
                      badRequest(
                          "cannot upgrade %s: its plan names no catalog this site lists -- name one"
                              .formatted(req.fromRelease())));
    }
    Map<String, Object> deployedForm = Tree.copy(previous.layer(Layer.FORM.wireName()));
    String deployedServiceId = ServiceId.of(previous);
    boolean bare = !req.hasOverrides();
    Map<String, Object> overrides = deployedForm;
    String serviceId = "";
    String localPath = "";
    List<String> gpuProducts = List.of();
    if (!bare) {
      if (!req.serviceId().isEmpty() && !req.serviceId().equals(deployedServiceId)) {
        throw badRequest(
            ("serviceId cannot change on an upgrade: %s is deployed as \"%s\", not \"%s\" --"
                    + " deploy a new release to run a second service")
                .formatted(req.fromRelease(), deployedServiceId, req.serviceId()));
      }
      Tree.merge(overrides, req.overrides() == null ? Map.of() : req.overrides());
      localPath = req.localPath();
      gpuProducts = req.gpuProducts();
    }
    PlanInput carried =
        new PlanInput(
            "",
            catalog,
            previous.source().model(),
            req.version(),
            first(req.variant(), previous.source().variant()),
            previous.release().name(),
            previous.release().namespace(),
            serviceId,
            localPath,
            gpuProducts,
            req.forceGpuProducts(),
            overrides,
            "",
            bare ? "" : req.editsYaml(),
            false,
            req.chartVersion(),
            "",
            false);
    return new Upgrade(
        carried, previous, own, bare, Tree.copy(previous.layer(Layer.EDIT.wireName())));
  }

  /** What an upgrade knows beyond the request it becomes. */
  private record Upgrade(
      PlanInput request,
      Plan previous,
      Optional<CatalogRepo> ownCatalog,
      boolean bare,
      Map<String, Object> edits) {

    /** Naming another catalog than the release's own moves it there. */
    boolean moves(CatalogRepo target) {
      return ownCatalog.map(own -> !own.name().equals(target.name())).orElse(true);
    }

    /** The chart the release runs: kept on upgrade while the catalog's range still allows it. */
    String runningChart() {
      return previous.chart().version();
    }
  }

  private Optional<CatalogRepo> ownCatalog(Plan previous) {
    try {
      return Optional.of(
          catalogs.list().forRelease(previous.source().catalogName(), previous.source().catalog()));
    } catch (SiteStateException e) {
      return Optional.empty();
    }
  }

  private Map<String, Object> form(PlanInput req, Variant variant) {
    FormInput input =
        new FormInput(
            req.overridesYaml(),
            req.overrides() == null ? Map.of() : req.overrides(),
            req.serviceId(),
            req.localPath(),
            req.gpuProducts());
    try {
      return Form.assemble(input, productLabel(variant));
    } catch (ComposeException e) {
      throw invalid(e);
    }
  }

  /** The node label naming the variant's product, as {@code server.gpuProductLabels} says. */
  private String productLabel(Variant variant) {
    String vendor = variant.requires() == null ? "" : variant.requires().vendorOrDefault();
    Accelerator accelerator = Accelerator.forVendor(vendor);
    List<String> keys = gpus.productLabels().get(accelerator.resource());
    return keys == null || keys.isEmpty() ? accelerator.productLabel() : keys.get(0);
  }

  private String chartVersion(Profile profile, Variant variant, String requested, String running) {
    try {
      ChartVersionSpec spec = ChartVersionSpec.parse(variant.chart().version());
      return ChartVersionSpec.resolve(
          spec,
          requested,
          running,
          charts.listerFor(profile.chartRepo(), profile.chartPath(), variant.chart().name()));
    } catch (ChartVersionException e) {
      throw invalid(e);
    } catch (ChartVersionListException e) {
      throw new DeployException(ErrorKind.UPSTREAM_FAILED, e.getMessage(), e);
    }
  }

  private CatalogRepo resolveCatalog(String name) {
    return catalogs.list().resolve(name);
  }

  private Catalog open(CatalogRepo repo) {
    return catalogs.open(repo).catalog();
  }

  private static Entry entry(Catalog catalog, String model, String version) {
    try {
      return catalog.entry(model, version);
    } catch (CatalogException e) {
      throw invalid(e);
    }
  }

  private static Variant variant(Entry entry, String id) {
    try {
      return id.isEmpty() ? entry.defaultVariant() : entry.variant(id);
    } catch (CatalogException e) {
      throw invalid(e);
    }
  }

  private Profile profile() {
    return profiles.profile();
  }

  private static Map<String, Object> tree(String origin, String yaml) {
    try {
      return Yaml.tree(origin, yaml);
    } catch (ValuesException e) {
      throw invalid(e);
    }
  }

  private static String releaseName(String chosen, String serviceId, String entryName) {
    try {
      return ReleaseName.of(chosen, first(serviceId, entryName));
    } catch (PlanException e) {
      throw invalid(e);
    }
  }

  private static String first(String... candidates) {
    for (String candidate : candidates) {
      if (candidate != null && !candidate.isEmpty()) {
        return candidate;
      }
    }
    return "";
  }

  static DeployException badRequest(String message) {
    return new DeployException(ErrorKind.INVALID, message);
  }

  /** The request got something wrong that a lower layer found; its words say what. */
  private static DeployException invalid(RuntimeException e) {
    return new DeployException(ErrorKind.INVALID, e.getMessage(), e);
  }
}
