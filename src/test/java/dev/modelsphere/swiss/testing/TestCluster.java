package dev.modelsphere.swiss.testing;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The one cluster of a test run: the one named by {@code SWISS_TEST_CLUSTER}, or one started with
 * {@code hack/cluster/up} on first use; none at all in a run that says it has none ({@value
 * #PROPERTY}{@code =none}), where asking for it fails. A cluster this JVM started is stopped when
 * the JVM exits; one it found running is left alone.
 */
public final class TestCluster {
  public static final String ENV = "SWISS_TEST_CLUSTER";

  /**
   * The system property that, set to {@code none} (Maven profile {@code unit}, {@code hack/test
   * --unit}), says this run has no cluster: asking for one then fails instead of starting one.
   */
  public static final String PROPERTY = "swiss.test.cluster";

  private static TestCluster instance;
  private static RuntimeException failure;

  private final Path dir;
  private final KubernetesClient admin;
  private final KubernetesClient restricted;

  private TestCluster(Path dir) {
    this.dir = dir;
    this.admin = client(dir, "admin");
    this.restricted = client(dir, "restricted");
    Runtime.getRuntime()
        .addShutdownHook(new Thread(this::closeClients, "swiss-test-cluster-clients"));
  }

  /** The shared cluster; a failure to start is remembered so every test fails fast with it. */
  public static synchronized TestCluster get() {
    if (failure != null) {
      throw failure;
    }
    if (instance == null) {
      try {
        instance = new TestCluster(locate());
        instance.requireReady();
      } catch (RuntimeException e) {
        failure =
            new IllegalStateException(
                "the test Kubernetes cluster is not available: " + e.getMessage(), e);
        throw failure;
      }
    }
    return instance;
  }

  public Path dir() {
    return dir;
  }

  public KubernetesClient admin() {
    return admin;
  }

  public KubernetesClient restricted() {
    return restricted;
  }

  /** The kubeconfig file of {@code admin} or {@code restricted}. */
  public Path kubeconfig(String user) {
    return kubeconfig(dir, user);
  }

  /**
   * A stale {@code SWISS_TEST_CLUSTER} would otherwise surface as a connection error in some test.
   */
  private void requireReady() {
    RawHttp.Response r;
    try {
      r = RawHttp.get(admin, "/readyz");
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "the API server of " + dir + " does not answer: " + e.getMessage(), e);
    }
    if (r.code() != 200) {
      throw new IllegalStateException(
          "the API server of " + dir + " is not ready: HTTP " + r.code() + " " + r.body());
    }
  }

  private static Path locate() {
    if ("none".equals(System.getProperty(PROPERTY))) {
      throw new IllegalStateException(
          "this run has no cluster (-D"
              + PROPERTY
              + "=none, as hack/test --unit sets) but a test asked for one: a class that needs"
              + " the cluster is marked @ClusterTest, and such runs must leave those out");
    }
    String named = System.getenv(ENV);
    if (named != null && !named.isBlank()) {
      return requireKubeconfigs(Paths.get(named));
    }
    ClusterScript.Result up = ClusterScript.up();
    if (up.started()) {
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(() -> ClusterScript.down(up.dir()), "swiss-test-cluster-down"));
    }
    return requireKubeconfigs(up.dir());
  }

  private static Path requireKubeconfigs(Path dir) {
    for (String user : new String[] {"admin", "restricted"}) {
      if (!Files.isReadable(kubeconfig(dir, user))) {
        throw new IllegalStateException(
            ENV + "=" + dir + " holds no readable " + user + ".kubeconfig");
      }
    }
    return dir;
  }

  private static Path kubeconfig(Path dir, String user) {
    return dir.resolve(user + ".kubeconfig");
  }

  private static KubernetesClient client(Path dir, String user) {
    try {
      Config config = Config.fromKubeconfig(Files.readString(kubeconfig(dir, user)));
      return new KubernetesClientBuilder().withConfig(config).build();
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + kubeconfig(dir, user), e);
    }
  }

  private void closeClients() {
    admin.close();
    restricted.close();
  }
}
