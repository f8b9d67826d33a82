package dev.modelsphere.swiss.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KubeTargetTest {

  private static final String KUBECONFIG =
      """
      apiVersion: v1
      kind: Config
      current-context: dev
      clusters:
        - name: dev
          cluster: {server: https://127.0.0.1:6443}
        - name: prod
          cluster: {server: https://10.0.0.1:6443}
      contexts:
        - name: dev
          context: {cluster: dev, user: me}
        - name: prod
          context: {cluster: prod, user: me}
      users:
        - name: me
          user: {token: abc}
      """;

  @Test
  void helmIsHandedTheKubeconfigWithTheChosenContextMadeCurrent(@TempDir Path dir)
      throws IOException {
    Path file = Files.writeString(dir.resolve("config"), KUBECONFIG);

    String forHelm = new KubeTarget(file, "prod").helmKubeConfig();

    assertThat(forHelm).contains("current-context: prod").contains("https://10.0.0.1:6443");
    assertThat(new KubeTarget(file, null).helmKubeConfig()).isEqualTo(KUBECONFIG);
  }

  @Test
  void theClientConnectsThroughTheChosenContext(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("config"), KUBECONFIG);

    try (var client = new KubeTarget(file, "prod").connect()) {
      assertThat(client.getMasterUrl().toString()).startsWith("https://10.0.0.1:6443");
    }
  }

  @Test
  void aMissingKubeconfigIsNamed(@TempDir Path dir) {
    Path missing = dir.resolve("nope");

    assertThatThrownBy(() -> new KubeTarget(missing, null).helmKubeConfig())
        .isInstanceOf(KubeException.class)
        .hasMessageContaining(missing.toString());
  }
}
