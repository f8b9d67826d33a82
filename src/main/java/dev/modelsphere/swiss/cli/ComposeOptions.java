package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.ChartVersionSpec;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.chartrepo.ChartVersions;
import dev.modelsphere.swiss.compose.ComposeRequest;
import dev.modelsphere.swiss.compose.Composer;
import dev.modelsphere.swiss.compose.Form;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseName;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.values.SetAssignment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

  @Option(names = "--create-namespace", description = "Create the namespace when installing.")
  boolean createNamespace;

  /**
   * The body of {@code POST /api/plans} these flags describe: a server composes it with its own
   * catalog and site profile, as this command would with the local ones.
   */
  Map<String, Object> planRequest() {
    if (!composes()) {
      throw new CliException("pass --model: through a server the plan is composed there");
    }
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("model", model);
    putIfSet(request, "version", modelVersion);
    putIfSet(request, "variant", variant);
    putIfSet(request, "chartVersion", chartVersion);
    putIfSet(request, "release", release);
    putIfSet(request, "namespace", namespace);
    putIfSet(request, "serviceId", serviceId);
    putIfSet(request, "localPath", localPath);
    Map<String, Object> overrides = SetAssignment.parseAll(sets);
    if (!overrides.isEmpty()) {
      request.put("overrides", overrides);
    }
    if (createNamespace) {
      request.put("createNamespace", true);
    }
    return request;
  }

  private static void putIfSet(Map<String, Object> request, String member, String value) {
    if (!GlobalOptions.empty(value)) {
      request.put(member, value);
    }
  }

  /** True when the flags name a model to compose from. */
  public boolean composes() {
    return !GlobalOptions.empty(model);
  }

  /** Composes the plan the flags describe: the catalog, the profile and the form layer. */
  public Plan buildPlan() {
    if (!composes()) {
      throw new CliException(
          "pass --model to compose a plan (swiss catalog list shows the models)");
    }
    GlobalOptions.Sources sources = global.resolve();
    Profile profile = Profile.load(Path.of(sources.requireProfile()));
    Catalog catalog = Catalog.open(sources.catalog());
    Entry entry = catalog.entry(model, modelVersion);
    Variant chosen = GlobalOptions.empty(variant) ? entry.defaultVariant() : entry.variant(variant);
    String resolvedChart = resolveChartVersion(profile, chosen);
    Map<String, Object> form = Form.fromFlags(SetAssignment.parseAll(sets), serviceId, localPath);
    return Composer.compose(
        new ComposeRequest(
            catalog.location(),
            "",
            catalog.ref(),
            entry,
            chosen,
            profile,
            ReleaseName.of(release, entry.name()),
            namespace,
            form,
            Map.of(),
            createNamespace,
            resolvedChart));
  }

  private String resolveChartVersion(Profile profile, Variant chosen) {
    ChartVersionSpec spec = ChartVersionSpec.parse(chosen.chart().version());
    return ChartVersionSpec.resolve(
        spec,
        chartVersion,
        null,
        () -> ChartVersions.list(profile.chartRepo(), profile.chartPath(), chosen.chart().name()));
  }
}
