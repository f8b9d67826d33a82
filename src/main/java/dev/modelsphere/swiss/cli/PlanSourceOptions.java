package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.DeployedPlans;
import dev.modelsphere.swiss.deploy.PlanComposer;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.site.Profile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where a deploy command's plan comes from: an existing plan file ({@code --plan}, its hash
 * checked) or the compose flags of {@code swiss plan}; and where local charts live. A plan file
 * wins over compose flags, as in the reference.
 */
public final class PlanSourceOptions {

  @Mixin ComposeOptions compose;

  @Option(
      names = {"-p", "--plan"},
      paramLabel = "FILE",
      description = "An existing JSON plan (from swiss plan -o); its hash is checked.")
  Path planFile;

  @Option(
      names = "--chart-root",
      paramLabel = "DIR",
      description =
          "Folder of chart directories for plans that name no chart repo or path"
              + " (default: $SWISS_CHART_ROOT; for render, else ../charts).")
  String chartRoot;

  /**
   * The plan a server composed from the flags and stored: its hash is what its install, apply and
   * diff take. A plan file stays local; the server composes from its own catalog and profile.
   */
  Plan serverPlan(SwissApi api) {
    if (planFile != null) {
      throw new CliException(
          "--plan is read locally; through the server %s pass the compose flags (--model ...)"
                  .formatted(api.server())
              + " and it composes the plan itself");
    }
    return ServerCalls.compose(api, compose.planRequest()).plan();
  }

  /**
   * The plan a server composed for an apply: from the release as it runs ({@code fromRelease}), its
   * form and edits carried forward under the same rules as a local apply. The release is the one
   * {@code --release} names, else the one a new plan of these flags would create, which the server
   * is asked first.
   */
  Plan serverUpgradePlan(SwissApi api) {
    String release =
        GlobalOptions.empty(compose.release) ? serverPlan(api).release().name() : compose.release;
    return ServerCalls.compose(api, compose.upgradeRequest(release)).plan();
  }

  /**
   * The plan a server composed for a diff: what an apply would write to a release that runs a swiss
   * plan there already, else what an install would create, as a local diff decides.
   */
  Plan serverReviewPlan(SwissApi api) {
    Plan fresh = serverPlan(api);
    ReleaseRef target = fresh.release();
    try {
      api.get(SwissApi.releasePath(target.namespace(), target.name(), "/plan"));
    } catch (DomainException e) {
      if (e.kind() != ErrorKind.NOT_FOUND) {
        throw e;
      }
      return fresh;
    }
    return ServerCalls.compose(api, compose.upgradeRequest(target.name())).plan();
  }

  /** The plan to act on, read, or composed for a new release without reading the cluster. */
  Plan plan() {
    return planFile == null ? compose.buildPlan().plan() : readPlan();
  }

  /** The plan to install: read, or composed for a new release by {@code composer}. */
  Plan plan(PlanComposer composer, PrintWriter warnings) {
    return planFile == null
        ? ComposeOptions.told(compose.compose(composer, ""), warnings)
        : readPlan();
  }

  /**
   * The plan to apply to a release that runs already: read, or composed from the release as it runs
   * ({@code fromRelease}), its form and edits carried forward and held to the API's upgrade rules.
   */
  Plan upgradePlan(PlanComposer composer, PrintWriter warnings) {
    return planFile == null ? ComposeOptions.told(compose.upgrade(composer), warnings) : readPlan();
  }

  /**
   * The plan a diff shows: what an apply would write to a release that runs a swiss plan already,
   * else what an install would create.
   */
  Plan reviewPlan(PlanComposer composer, DeployedPlans deployed, PrintWriter warnings) {
    if (planFile != null) {
      return readPlan();
    }
    PlanComposer.Composed fresh = compose.compose(composer, "");
    ReleaseRef target = fresh.plan().release();
    try {
      deployed.current(target.namespace(), target.name());
    } catch (DeployException e) {
      if (e.kind() != ErrorKind.NOT_FOUND) {
        throw e;
      }
      return ComposeOptions.told(fresh, warnings);
    }
    return ComposeOptions.told(compose.compose(composer, target.name()), warnings);
  }

  private Plan readPlan() {
    if (compose.createNamespace) {
      throw new CliException(
          "--create-namespace composes into a plan: recompose with"
              + " `swiss plan --create-namespace`, or apply "
              + planFile
              + " as it stands");
    }
    try {
      return PlanJson.fromJson(
          planFile.toString(), Files.readString(planFile, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      throw new CliException("no plan file " + planFile + ": write one with `swiss plan -o`");
    } catch (IOException e) {
      throw new CliException("cannot read plan " + planFile + ": " + e.getMessage());
    } catch (PlanException e) {
      throw new CliException(e.getMessage());
    }
  }

  /**
   * The release a command names without needing a whole plan: from {@code --plan}, else {@code
   * --release} (namespace from {@code --namespace} or the site profile), else composed.
   */
  ReleaseRef release() {
    if (planFile != null || compose.composes()) {
      return plan().release();
    }
    if (GlobalOptions.empty(compose.release)) {
      throw new CliException("name the release: --release NAME [--namespace NS], or --plan FILE");
    }
    String namespace = compose.namespace;
    if (GlobalOptions.empty(namespace)) {
      namespace = profileNamespace();
    }
    if (GlobalOptions.empty(namespace)) {
      throw new CliException(
          "no namespace for release \""
              + compose.release
              + "\": pass --namespace, or set namespace in the site profile");
    }
    return new ReleaseRef(compose.release, namespace);
  }

  private String profileNamespace() {
    String profile;
    try {
      profile = compose.global.resolve().profileFile();
    } catch (CliException configMapProfile) {
      // Only swiss serve reads a ConfigMap profile; without a file the namespace must be named.
      return "";
    }
    return GlobalOptions.empty(profile) ? "" : Profile.load(Path.of(profile)).namespace();
  }

  /** {@code --chart-root}, else {@code $SWISS_CHART_ROOT}, else empty. */
  String chartRoot() {
    return chartRootOr("");
  }

  /** {@code --chart-root}, else {@code $SWISS_CHART_ROOT}, else {@code fallback}. */
  String chartRootOr(String fallback) {
    if (!GlobalOptions.empty(chartRoot)) {
      return chartRoot;
    }
    String env = System.getenv("SWISS_CHART_ROOT");
    return GlobalOptions.empty(env) ? fallback : env;
  }

  String configFlag() {
    return compose.global.config.path;
  }
}
