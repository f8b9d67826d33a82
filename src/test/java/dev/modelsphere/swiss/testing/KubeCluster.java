package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.PlanDiffer;
import dev.modelsphere.swiss.deploy.backend.ReleaseRecords;
import dev.modelsphere.swiss.deploy.helmbackend.HelmDeployer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.plan.Plan;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Gives a test the real API server and swiss wired to it: admin and restricted clients, a fresh
 * namespace per test that is deleted afterwards without waiting, swiss's cluster access, and the
 * helm backend (deployer, differ, releases) wired as the CLI wires it, with the example charts as
 * chart root. Register it as a static field:
 *
 * <pre>{@code @RegisterExtension static final KubeCluster cluster = new KubeCluster();}</pre>
 *
 * <p>or as {@code @ExtendWith(KubeCluster.class)} with a {@code KubeCluster} test method parameter.
 * The namespace is per test, held by the extension: a class's tests run one at a time (the JUnit
 * default).
 *
 * <p>{@link #perClass()} gives the whole class one namespace instead, created before its first
 * {@code @BeforeAll} and deleted after it: for a class whose tests share one server.
 *
 * <p>The test class must be marked {@link ClusterTest}, or the extension fails it. The cluster is
 * started once per test run (see {@link TestCluster}). If it cannot be started the tests fail with
 * the reason: a missing cluster must not look like a green run.
 */
public final class KubeCluster
    implements BeforeAllCallback,
        AfterAllCallback,
        BeforeEachCallback,
        AfterEachCallback,
        ParameterResolver {
  private static final int MAX_NAME = 63;

  private final boolean perClass;
  private final boolean llmServiceCrd;
  private TestCluster cluster;
  private String namespace;

  /** Built on first use in a test and dropped after it, so no test sees another's locks. */
  private HelmBackend helm;

  /** The namespaces of {@link #otherNamespace}, deleted with the test's own. */
  private final List<String> others = new ArrayList<>();

  /** Every deploy core wired for the test, closed after it. */
  private final List<HelmBackend> wired = new ArrayList<>();

  public KubeCluster() {
    this(false, false);
  }

  private KubeCluster(boolean perClass, boolean llmServiceCrd) {
    this.perClass = perClass;
    this.llmServiceCrd = llmServiceCrd;
  }

  /** One namespace for every test of the class. */
  public static KubeCluster perClass() {
    return new KubeCluster(true, false);
  }

  /** The same, with our LLMService CRD installed before the class's first test. */
  public KubeCluster withLlmServiceCrd() {
    return new KubeCluster(perClass, true);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    requireMarked(context.getRequiredTestClass());
    cluster = TestCluster.get();
    if (llmServiceCrd) {
      Crds.installLlmService(admin());
    }
    if (perClass) {
      createNamespace(context.getRequiredTestClass().getSimpleName());
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (perClass) {
      deleteNamespace();
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (cluster == null) {
      requireMarked(context.getRequiredTestClass());
      cluster = TestCluster.get();
    }
    if (!perClass) {
      createNamespace(context.getRequiredTestMethod().getName());
    }
  }

  /**
   * A class that uses the cluster must say so with {@link ClusterTest} (on itself or, for a nested
   * class, an enclosing one): otherwise {@code hack/test --unit} would run it, without a cluster.
   */
  private static void requireMarked(Class<?> testClass) {
    for (Class<?> c = testClass; c != null; c = c.getEnclosingClass()) {
      if (AnnotationSupport.isAnnotated(c, ClusterTest.class)) {
        return;
      }
    }
    throw new IllegalStateException(
        testClass.getName()
            + " uses the test cluster but is not marked @ClusterTest: mark it, so that the runs"
            + " without a cluster (hack/test --unit) leave it out");
  }

  private void createNamespace(String testName) {
    namespace = namespaceName(testName);
    create(namespace);
  }

  /**
   * One more namespace for this test (or class, with {@link #perClass()}), deleted with its own:
   * for tests of what spans namespaces, such as a grant in some and not in others.
   */
  public String otherNamespace(String purpose) {
    String other = namespaceName(purpose);
    create(other);
    others.add(other);
    return other;
  }

  private void create(String name) {
    admin()
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels("swiss.modelsphere.dev/test", "true")
                .endMetadata()
                .build())
        .create();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    helm = null;
    wired.forEach(HelmBackend::close);
    wired.clear();
    if (!perClass) {
      deleteNamespace();
    }
  }

  private void deleteNamespace() {
    others.forEach(this::delete);
    others.clear();
    String ns = namespace;
    namespace = null;
    if (ns != null) {
      delete(ns);
    }
  }

  private void delete(String ns) {
    try {
      admin().namespaces().withName(ns).delete();
    } catch (RuntimeException e) {
      // Best effort: a leftover namespace in a throwaway cluster must not fail a passing test.
      System.err.println("could not delete test namespace " + ns + ": " + e.getMessage());
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == KubeCluster.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return this;
  }

  /** A client with system:masters rights. */
  public KubernetesClient admin() {
    return cluster.admin();
  }

  /** A client that may read configmaps and nothing else. */
  public KubernetesClient restricted() {
    return cluster.restricted();
  }

  /** This test's (or, {@link #perClass()}, this class's) own namespace, deleted after it. */
  public String namespace() {
    if (namespace == null) {
      throw new IllegalStateException("no test namespace outside a test method");
    }
    return namespace;
  }

  public TestCluster cluster() {
    return cluster;
  }

  /** The admin's typed access to the LLMServices in this test's namespace. */
  public NonNamespaceOperation<LlmService, KubernetesResourceList<LlmService>, Resource<LlmService>>
      llmServices() {
    return admin().resources(LlmService.class).inNamespace(namespace());
  }

  /** The admin's kubeconfig file, for what takes a file: the CLI, helm. */
  public Path kubeconfig() {
    return cluster.kubeconfig("admin");
  }

  /** swiss's cluster access, as the admin. */
  public Kube kube() {
    return new Kube(admin());
  }

  /** The helm backend's deployer, keeping the default plan history. */
  public HelmDeployer deployer() {
    return helm().deployer();
  }

  /** A deployer of its own that keeps {@code planHistory} archived plans. */
  public HelmDeployer deployer(int planHistory) {
    return wire(planHistory).deployer();
  }

  /**
   * A deployer of its own whose writes take their first look at a release from {@code firstLooks}
   * (standing in for the server's watch of helm's storage) rather than listing it.
   */
  public HelmDeployer deployer(ReleaseRecords firstLooks) {
    HelmBackend backend =
        HelmBackend.on(kube(), kubeconfig(), DeploySettings.DEFAULT_PLAN_HISTORY, firstLooks);
    wired.add(backend);
    return backend.deployer();
  }

  /** The deploy core behind {@link #deployer()}: both backends, as the CLI wires them. */
  public DeployCore core() {
    return helm().core();
  }

  public PlanDiffer differ() {
    return helm().differ();
  }

  /** helm itself, for releases installed by hand rather than from a plan. */
  public HelmReleases helmReleases() {
    return helm().releases();
  }

  /** A plan for the example sglang chart in this test's namespace, {@code form} its form layer. */
  public Plan plan(String release, String form) {
    return ExamplePlans.sglang(release, namespace(), form);
  }

  private HelmBackend helm() {
    if (helm == null) {
      helm = wire(DeploySettings.DEFAULT_PLAN_HISTORY);
    }
    return helm;
  }

  private HelmBackend wire(int planHistory) {
    HelmBackend backend = HelmBackend.on(kube(), kubeconfig(), planHistory);
    wired.add(backend);
    return backend;
  }

  static String namespaceName(String testName) {
    String suffix =
        "-"
            + Integer.toString(
                ThreadLocalRandom.current().nextInt(36 * 36 * 36 * 36, 36 * 36 * 36 * 36 * 36), 36);
    String slug =
        testName
            .replaceAll("([a-z0-9])([A-Z])", "$1-$2")
            .toLowerCase(Locale.ROOT)
            .replaceAll("[^a-z0-9-]+", "-");
    String head =
        ("t-" + slug).substring(0, Math.min(MAX_NAME - suffix.length(), slug.length() + 2));
    return head.replaceAll("-+$", "") + suffix;
  }
}
