package dev.modelsphere.swiss.helm;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.InstallCommand;
import com.marcnuri.helm.Release;
import com.marcnuri.helm.UpgradeCommand;
import java.nio.file.Path;

/**
 * Changes releases through the embedded helm SDK: install, upgrade and uninstall, never waiting for
 * workloads (a model can take most of an hour to load) and never rolling back on its own.
 */
public final class HelmReleases {

  private final ChartRenderer charts;
  private final String kubeConfig;

  /**
   * @param kubeConfig the kubeconfig document helm connects with; null for helm's defaults
   */
  public HelmReleases(ChartRenderer charts, String kubeConfig) {
    this.charts = charts;
    this.kubeConfig = kubeConfig;
  }

  /** Installs a new release: revision 1. */
  public HelmOutcome install(RenderRequest request, boolean createNamespace) {
    ChartLocation chart = request.chart();
    try (ValuesFiles values = ValuesFiles.write(request.values())) {
      InstallCommand command =
          chart.kind() == ChartLocation.Kind.OCI
              ? Helm.install(chart.ociReference()).withVersion(chart.version())
              : new Helm(charts.localArchive(chart)).install();
      command = command.withName(request.release()).withNamespace(request.namespace());
      if (chart.plainHttp()) {
        command = command.plainHttp();
      }
      if (createNamespace) {
        command = command.createNamespace();
      }
      for (Path file : values.files()) {
        command = command.withValuesFile(file);
      }
      if (kubeConfig != null) {
        command = command.withKubeConfigContents(kubeConfig);
      }
      return outcome(command.call());
    } catch (HelmException e) {
      throw e;
    } catch (RuntimeException e) {
      throw HelmErrors.translate(
          "helm install " + request.namespace() + "/" + request.release(), chart.name(), e);
    } finally {
      JvmSignals.reclaim();
    }
  }

  /** Upgrades an existing release to exactly the given values (nothing reused from before). */
  public HelmOutcome upgrade(RenderRequest request) {
    ChartLocation chart = request.chart();
    try (ValuesFiles values = ValuesFiles.write(request.values())) {
      UpgradeCommand command =
          chart.kind() == ChartLocation.Kind.OCI
              ? Helm.upgrade(chart.ociReference()).withVersion(chart.version())
              : new Helm(charts.localArchive(chart)).upgrade();
      command =
          command.withName(request.release()).withNamespace(request.namespace()).resetValues();
      if (chart.plainHttp()) {
        command = command.plainHttp();
      }
      for (Path file : values.files()) {
        command = command.withValuesFile(file);
      }
      if (kubeConfig != null) {
        command = command.withKubeConfigContents(kubeConfig);
      }
      return outcome(command.call());
    } catch (HelmException e) {
      throw e;
    } catch (RuntimeException e) {
      throw HelmErrors.translate(
          "helm upgrade " + request.namespace() + "/" + request.release(), chart.name(), e);
    } finally {
      JvmSignals.reclaim();
    }
  }

  /** Removes the release and the objects it created; returns helm's message. */
  public String uninstall(String namespace, String release) {
    try {
      var command = Helm.uninstall(release).withNamespace(namespace);
      if (kubeConfig != null) {
        command = command.withKubeConfigContents(kubeConfig);
      }
      return command.call();
    } catch (RuntimeException e) {
      throw new HelmException("helm uninstall " + namespace + "/" + release + ": " + reason(e), e);
    } finally {
      JvmSignals.reclaim();
    }
  }

  /**
   * The values of one revision as YAML text, as {@code helm get values} prints them: with {@code
   * all}, the chart's defaults merged with what was supplied; without, only what was supplied.
   */
  public String values(String namespace, String release, int revision, boolean all) {
    try {
      var command = Helm.get(release).values().withNamespace(namespace).withRevision(revision);
      if (all) {
        command = command.allValues();
      }
      if (kubeConfig != null) {
        command = command.withKubeConfigContents(kubeConfig);
      }
      return command.call();
    } catch (RuntimeException e) {
      throw new HelmException(
          "helm get values %s/%s --revision %d%s: %s"
              .formatted(namespace, release, revision, all ? " --all" : "", reason(e)),
          e);
    }
  }

  /** What the SDK said went wrong, in one line. */
  private static String reason(RuntimeException e) {
    return e.getMessage() == null ? e.toString() : e.getMessage().strip();
  }

  private static HelmOutcome outcome(Release release) {
    int revision;
    try {
      revision = Integer.parseInt(release.getRevision().strip());
    } catch (NumberFormatException | NullPointerException e) {
      revision = 0;
    }
    return new HelmOutcome(revision, release.getStatus(), release.getOutput());
  }
}
