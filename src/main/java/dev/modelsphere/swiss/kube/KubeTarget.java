package dev.modelsphere.swiss.kube;

import dev.modelsphere.swiss.values.DocumentFile;
import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Which cluster to talk to: an explicit kubeconfig file and/or context, or (both null) the standard
 * loading rules (in-cluster service account, {@code $KUBECONFIG}, {@code ~/.kube/config}). The same
 * target feeds the fabric8 client and the embedded helm SDK, so both reach one cluster.
 */
public record KubeTarget(Path kubeconfig, String context) {

  public KubeTarget {
    context = context == null || context.isBlank() ? null : context;
  }

  public static KubeTarget defaults() {
    return new KubeTarget(null, null);
  }

  public KubernetesClient connect() {
    Config config;
    if (kubeconfig != null) {
      config = Config.fromKubeconfig(context, read(kubeconfig), kubeconfig.toString());
    } else {
      config = Config.autoConfigure(context);
    }
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  /**
   * The kubeconfig document helm is handed, with the chosen context made current (the helm SDK
   * takes no context of its own); null means helm's own defaults, as for the client.
   */
  public String helmKubeConfig() {
    Path file = kubeconfig != null ? kubeconfig : defaultKubeconfig();
    if (file == null) {
      return null;
    }
    String contents = read(file);
    if (context == null) {
      return contents;
    }
    List<Map<String, Object>> documents;
    try {
      documents = Yaml.kubernetesDocuments("kubeconfig " + file, contents);
    } catch (ValuesException e) {
      throw new KubeException(e.getMessage(), e);
    }
    if (documents.isEmpty()) {
      throw new KubeException(
          "kubeconfig %s is not a kubeconfig document: it holds no mapping".formatted(file));
    }
    Map<String, Object> document = documents.get(0);
    document.put("current-context", context);
    return Yaml.write(document);
  }

  private static Path defaultKubeconfig() {
    String env = System.getenv("KUBECONFIG");
    if (env != null && !env.isBlank()) {
      return Path.of(env.split(java.io.File.pathSeparator)[0]);
    }
    Path home = Path.of(System.getProperty("user.home"), ".kube", "config");
    return Files.isReadable(home) ? home : null;
  }

  private static String read(Path file) {
    return DocumentFile.read(
        file,
        (reason, e) -> new KubeException("cannot read kubeconfig " + file + ": " + reason, e));
  }
}
