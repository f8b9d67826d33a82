package dev.modelsphere.swiss.helm;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.TemplateCommand;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.chartrepo.RepoException;
import java.nio.file.Path;

/**
 * Renders a chart in process through the embedded helm SDK, the way {@code helm template} would:
 * client-side only, the chart's values.schema.json enforced.
 */
public final class ChartRenderer {

  private final ChartArchives archives;

  public ChartRenderer(ChartArchives archives) {
    this.archives = archives;
  }

  /** The rendered manifest: every object of the chart as one multi-document YAML string. */
  public String render(RenderRequest request) {
    ChartLocation chart = request.chart();
    try (ValuesFiles values = ValuesFiles.write(request.values())) {
      TemplateCommand command =
          templateCommand(chart).withName(request.release()).withNamespace(request.namespace());
      for (Path file : values.files()) {
        command = command.withValuesFile(file);
      }
      return command.call();
    } catch (HelmException e) {
      throw e;
    } catch (RuntimeException e) {
      throw HelmErrors.translate("render " + chart.describe(), chart.name(), e);
    }
  }

  private TemplateCommand templateCommand(ChartLocation chart) {
    return switch (chart.kind()) {
      case LOCAL -> new Helm(Path.of(chart.location())).template();
      case REPOSITORY -> new Helm(localArchive(chart)).template();
      case OCI -> {
        TemplateCommand pull = Helm.template(chart.ociReference()).withVersion(chart.version());
        yield chart.plainHttp() ? pull.plainHttp() : pull;
      }
    };
  }

  /** Where a chart can be read from disk, fetching repository charts into the cache first. */
  Path localArchive(ChartLocation chart) {
    return switch (chart.kind()) {
      case LOCAL -> Path.of(chart.location());
      case REPOSITORY -> fetch(chart);
      case OCI -> throw new IllegalArgumentException("OCI charts are pulled by helm itself");
    };
  }

  private Path fetch(ChartLocation chart) {
    try {
      return archives.fetch(chart.location(), chart.name(), chart.version());
    } catch (RepoException e) {
      throw new HelmException(
          "cannot fetch chart %s: %s".formatted(chart.describe(), e.getMessage()), e);
    }
  }
}
