package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.IndexModel;
import dev.modelsphere.swiss.site.Profile;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The values a completion script asks for when TAB is pressed after a flag: one per line, nothing
 * at all when they cannot be had (no catalog, no cluster), so the shell simply offers nothing.
 */
@Command(name = "__complete", hidden = true)
public final class CompleteCommand implements Runnable {
  static final String MODELS = "models";
  static final String RELEASES = "releases";
  static final String FORMATS = "formats";

  @Parameters(index = "0", paramLabel = "WHAT")
  String what;

  @Mixin GlobalOptions global;
  @Mixin ClusterOptions cluster;
  @Spec CommandSpec spec;

  @Override
  public void run() {
    PrintWriter out = spec.commandLine().getOut();
    try {
      values().forEach(out::println);
    } catch (RuntimeException unavailable) {
      // A completion that fails offers nothing; an error message would land in the command line.
    }
    out.flush();
  }

  private List<String> values() {
    return switch (what) {
      case MODELS ->
          Catalog.open(global.resolve().catalog()).index().models().stream()
              .map(IndexModel::name)
              .toList();
      case RELEASES -> releases();
      case FORMATS -> OutputFormat.FORMATS;
      default -> List.of();
    };
  }

  /** The helm releases in the site profile's namespace, else in every namespace. */
  private List<String> releases() {
    String profile = global.resolve().profileFile();
    String namespace =
        GlobalOptions.empty(profile) ? "" : Profile.load(Path.of(profile)).namespace();
    try (KubernetesClient client = cluster.target(global.config.path).connect()) {
      List<Secret> records =
          namespace.isEmpty()
              ? client.secrets().inAnyNamespace().withLabel("owner", "helm").list().getItems()
              : client
                  .secrets()
                  .inNamespace(namespace)
                  .withLabel("owner", "helm")
                  .list()
                  .getItems();
      TreeSet<String> names = new TreeSet<>();
      records.stream()
          .map(secret -> secret.getMetadata().getLabels())
          .filter(Objects::nonNull)
          .map((Map<String, String> labels) -> labels.get("name"))
          .filter(Objects::nonNull)
          .forEach(names::add);
      return List.copyOf(names);
    }
  }
}
