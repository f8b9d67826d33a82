package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.site.Profile;
import java.io.IOException;
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

  /** The plan to act on, read or composed. */
  Plan plan() {
    if (planFile == null) {
      if (!compose.composes()) {
        throw new CliException("pass --model, or --plan with an existing plan");
      }
      return compose.buildPlan();
    }
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
