package dev.modelsphere.swiss.testing;

import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.fabric8.kubernetes.api.model.rbac.Subject;
import io.fabric8.kubernetes.api.model.rbac.SubjectBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.util.List;

/**
 * A user granted what a swiss that deploys with helm only is granted (backends.md §3.10, {@code
 * rbac.applyWith: helm}) and no LLMService grant at all: in one namespace helm's release Secrets,
 * swiss's plan ConfigMaps and release Leases, the chart's workloads and reading pods; cluster-wide
 * reading nodes and pods, for the GPU checks (which GPUs the nodes have, which the pods hold), and
 * namespaces, to see that a plan's namespace exists.
 *
 * <p>A ServiceAccount of the test's own namespace, not the cluster's {@code restricted} user: nodes
 * are cluster-scoped, and granting {@code restricted} to read them would change a user other tests
 * on the shared cluster rely on being refused (a node list refusal, say). The cluster-wide binding
 * names this account alone and is deleted by {@link #close()}.
 */
public final class HelmOnlyUser implements AutoCloseable {
  private static final String NAME = "swiss-helm-only";
  private static final String CLUSTER_READER = "swiss-test-helm-only-reader";
  private static final List<String> ALL = List.of("*");
  private static final List<String> READ = List.of("get", "list", "watch");

  private final KubernetesClient admin;
  private final String namespace;
  private final Path kubeconfig;

  private HelmOnlyUser(KubernetesClient admin, String namespace, Path kubeconfig) {
    this.admin = admin;
    this.namespace = namespace;
    this.kubeconfig = kubeconfig;
  }

  /**
   * Creates the account in {@code namespace} with its grants, and writes its kubeconfig into {@code
   * dir}.
   */
  public static HelmOnlyUser create(TestCluster cluster, String namespace, Path dir) {
    KubernetesClient admin = cluster.admin();
    admin
        .serviceAccounts()
        .inNamespace(namespace)
        .resource(
            new ServiceAccountBuilder().withNewMetadata().withName(NAME).endMetadata().build())
        .create();
    grantInNamespace(admin, namespace);
    grantClusterReading(admin, namespace);
    Path file = ServiceAccountLogin.kubeconfig(cluster, namespace, NAME, dir);
    return new HelmOnlyUser(admin, namespace, file);
  }

  /** Its kubeconfig: the cluster's, with this account's token. */
  public Path kubeconfig() {
    return kubeconfig;
  }

  private static void grantInNamespace(KubernetesClient admin, String namespace) {
    admin
        .rbac()
        .roles()
        .inNamespace(namespace)
        .resource(
            new RoleBuilder()
                .withNewMetadata()
                .withName(NAME)
                .endMetadata()
                .withRules(
                    rule("", List.of("secrets", "configmaps", "services"), ALL),
                    rule("", List.of("pods", "events"), READ),
                    rule("apps", List.of("deployments"), ALL),
                    rule("coordination.k8s.io", List.of("leases"), ALL))
                .build())
        .create();
    admin
        .rbac()
        .roleBindings()
        .inNamespace(namespace)
        .resource(
            new RoleBindingBuilder()
                .withNewMetadata()
                .withName(NAME)
                .endMetadata()
                .withNewRoleRef("rbac.authorization.k8s.io", "Role", NAME)
                .withSubjects(subject(namespace))
                .build())
        .create();
  }

  private static void grantClusterReading(KubernetesClient admin, String namespace) {
    admin
        .rbac()
        .clusterRoles()
        .resource(
            new ClusterRoleBuilder()
                .withNewMetadata()
                .withName(CLUSTER_READER)
                .endMetadata()
                .withRules(rule("", List.of("nodes", "pods", "namespaces"), READ))
                .build())
        .serverSideApply();
    admin
        .rbac()
        .clusterRoleBindings()
        .resource(
            new ClusterRoleBindingBuilder()
                .withNewMetadata()
                .withName(bindingName(namespace))
                .endMetadata()
                .withNewRoleRef("rbac.authorization.k8s.io", "ClusterRole", CLUSTER_READER)
                .withSubjects(subject(namespace))
                .build())
        .create();
  }

  private static Subject subject(String namespace) {
    return new SubjectBuilder()
        .withKind("ServiceAccount")
        .withName(NAME)
        .withNamespace(namespace)
        .build();
  }

  private static PolicyRule rule(String group, List<String> resources, List<String> verbs) {
    return new PolicyRuleBuilder()
        .withApiGroups(group)
        .withResources(resources)
        .withVerbs(verbs)
        .build();
  }

  private static String bindingName(String namespace) {
    return "%s-%s".formatted(NAME, namespace);
  }

  /** The namespaced grants go with the test's namespace; the cluster-wide binding goes here. */
  @Override
  public void close() {
    admin.rbac().clusterRoleBindings().withName(bindingName(namespace)).delete();
  }
}
