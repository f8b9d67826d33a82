package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.PlanComposer;
import dev.modelsphere.swiss.deploy.PlanInput;
import dev.modelsphere.swiss.deploy.assembly.DeployUseCases;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.values.SetAssignment;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The flags that compose a plan from the catalog, shared by every command that takes a plan. */
public final class ComposeOptions {
  @Mixin GlobalOptions global;

  @Option(names = "--model", description = "The catalog model to deploy.")
  String model;

  @Option(
      names = "--model-version",
      description = "A published model version (default: the latest).")
  String modelVersion;

  @Option(
      names = "--variant",
      description = "The variant's id (default: the model's default variant).")
  String variant;

  @Option(
      names = "--chart-version",
      description = "An exact chart version within the variant's range.")
  String chartVersion;

  @Option(
      names = "--release",
      description =
          "Release name (default: the model's name, a dash for each dot: granite-3.3-8b is"
              + " released as granite-3-3-8b).")
  String release;

  @Option(names = "--namespace", description = "Namespace (default: the site profile's).")
  String namespace;

  @Option(names = "--service-id", description = "Sets serviceId in the form layer.")
  String serviceId;

  @Option(
      names = "--local-path",
      description = "Sets model.localPath in the form layer, over the site's template.")
  String localPath;

  @Option(
      names = "--set",
      paramLabel = "KEY=VALUE",
      description =
          "A form value (repeatable, later wins). Types are inferred: true, 8, 1.5, null, else a string.")
  List<String> sets = new ArrayList<>();

  @Option(
      names = "--gpu-product",
      paramLabel = "PRODUCT",
      description =
          "A GPU product the pods must land on (repeatable); one the variant does not list is"
              + " refused unless --force-gpu-products.")
  List<String> gpuProducts = new ArrayList<>();

  @Option(
      names = "--force-gpu-products",
      description =
          "Take GPU products the variant does not list, when this cluster has them; warned, not"
              + " tested by the catalog.")
  boolean forceGpuProducts;

  @Option(names = "--create-namespace", description = "Create the namespace when installing.")
  boolean createNamespace;

  private LocalSite site;

  /**
   * The body of {@code POST /api/plans} these flags describe: a server composes it with its own
   * catalog and site profile, as this command would with the local ones.
   */
  PlanInput planRequest() {
    return upgradeRequest("");
  }

  /**
   * The body of {@code POST /api/plans} for an upgrade of the deployed {@code release}; empty: a
   * new release.
   */
  PlanInput upgradeRequest(String release) {
    if (!composes()) {
      throw new CliException("pass --model: through a server the plan is composed there");
    }
    return request(release);
  }

  /** True when the flags name a model to compose from. */
  public boolean composes() {
    return !GlobalOptions.empty(model);
  }

  /**
   * The plan request these flags describe, composed here as {@code POST /api/plans} composes it.
   *
   * @param fromRelease the deployed release to carry forward (an upgrade); empty for a new one
   */
  PlanInput request(String fromRelease) {
    return new PlanInput(
        fromRelease,
        "",
        model,
        modelVersion,
        variant,
        release,
        namespace,
        serviceId,
        localPath,
        gpuProducts,
        forceGpuProducts,
        SetAssignment.parseAll(sets),
        "",
        "",
        createNamespace,
        chartVersion,
        "",
        false);
  }

  /** The site these flags name, read once per command. */
  LocalSite site() {
    if (site == null) {
      site = LocalSite.of(global);
    }
    return site;
  }

  /**
   * Composes the plan of a new release the flags describe: the catalog, the profile and the form
   * layer, through the composer the server uses. Reads no cluster: {@code swiss plan} works
   * offline.
   */
  public PlanComposer.Composed buildPlan() {
    return compose(offlineComposer(), "");
  }

  /**
   * Composes with {@code composer}: a new release, or (with {@code fromRelease}) an upgrade of the
   * deployed one, its form and edits carried forward under the API's rules.
   */
  PlanComposer.Composed compose(PlanComposer composer, String fromRelease) {
    if (!composes()) {
      throw new CliException(
          "pass --model to compose a plan (swiss catalog list shows the models)");
    }
    // The composer's own message names the config and the server; the CLI's names its flag.
    site().requireProfile();
    return composer.compose(request(fromRelease));
  }

  /**
   * The upgrade of the release the flags name: the one {@code --release} names, else the release a
   * new plan of these flags would create.
   */
  PlanComposer.Composed upgrade(PlanComposer composer) {
    String deployed =
        GlobalOptions.empty(release) ? compose(composer, "").plan().release().name() : release;
    return compose(composer, deployed);
  }

  /** The composed plan, its warnings (a forced GPU product) told first on {@code err}. */
  static Plan told(PlanComposer.Composed composed, PrintWriter err) {
    composed.warnings().forEach(w -> err.println("warning: " + w));
    err.flush();
    return composed.plan();
  }

  private PlanComposer offlineComposer() {
    LocalSite local = site();
    return DeployUseCases.composer(
        local.config(),
        local.site(),
        (ns, name) -> {
          throw new CliException(
              "swiss plan reads no cluster, so it composes new releases only: an upgrade is"
                  + " composed by swiss apply (or diff), which read the release as it runs");
        },
        () -> {
          throw new CliException(
              "swiss plan reads no cluster's nodes: --force-gpu-products is checked by swiss"
                  + " diff, install and apply, or through a server");
        });
  }
}
