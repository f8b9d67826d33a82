package dev.modelsphere.swiss.testing;

import io.fabric8.kubernetes.api.model.authentication.TokenRequest;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Connects as a ServiceAccount the way its pod would: with a token from the TokenRequest API, not
 * the admin's credentials. The kubeconfig is the cluster's (its address and CA) with that token.
 */
public final class ServiceAccountLogin {
  private ServiceAccountLogin() {}

  /** Writes a kubeconfig for {@code namespace/account} into {@code dir}; its path. */
  public static Path kubeconfig(TestCluster cluster, String namespace, String account, Path dir) {
    TokenRequest request =
        new TokenRequestBuilder().withNewSpec().withExpirationSeconds(3600L).endSpec().build();
    String token =
        cluster
            .admin()
            .serviceAccounts()
            .inNamespace(namespace)
            .withName(account)
            .tokenRequest(request)
            .getStatus()
            .getToken();
    try {
      String kubeconfig =
          Files.readString(cluster.kubeconfig("restricted"))
              .replaceAll("(?m)^(\\s*token:).*$", "$1 " + token);
      Path file = dir.resolve(account + ".kubeconfig");
      Files.writeString(file, kubeconfig);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A client of {@code kubeconfig}. */
  public static KubernetesClient client(Path kubeconfig) {
    try {
      return new KubernetesClientBuilder()
          .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
          .build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
