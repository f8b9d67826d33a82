package dev.modelsphere.swiss.chart;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.chart.SwissChart.Rendered;
import dev.modelsphere.swiss.helm.ObjectKey;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every object charts/swiss renders is one the API server accepts (a server-side dry run: its
 * schema, defaults and admission, nothing stored), in each RBAC mode the reference's CI lints.
 */
@ClusterTest
class SwissChartDryRunOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final Set<String> CLUSTER_SCOPED = Set.of("ClusterRole", "ClusterRoleBinding");

  /** Every optional object on, so each is dry-run at least once. */
  private static final String OPTIONAL =
      """
      ingress: {enabled: true, className: nginx, host: swiss.example.com,
                tls: [{secretName: swiss-tls, hosts: [swiss.example.com]}]}
      metrics: {serviceMonitor: {enabled: true}}
      networkPolicy: {enabled: true, from: [{namespaceSelector: {matchLabels: {team: ops}}}]}
      """;

  @Test
  void everyRenderedObjectIsAcceptedByTheApiServerInEachRbacMode() {
    KubernetesClient admin = cluster.admin();
    Crds.installFixtures(admin, "servicemonitors.monitoring.coreos.com");
    String home = cluster.namespace();
    String models = cluster.otherNamespace("models");
    String second = cluster.otherNamespace("second");
    // swiss's own namespace is never a served one; the profile's Secrets get a Role of their own.
    String namespaces =
        "namespaces: [%s, %s], profileSecrets: {sloToken: slo, entrypointKey: %s/key}"
            .formatted(models, second, second);
    List<String> modes =
        List.of(
            "rbac: {%s}\n".formatted(namespaces),
            "rbac: {%s}\nconfig: {allowDeploy: true}\n".formatted(namespaces),
            "rbac: {%s, applyWith: both}\nconfig: {allowDeploy: true}\n".formatted(namespaces),
            "rbac: {%s, applyWith: llmsvc}\nconfig: {allowDeploy: true, applyWith: llmsvc}\n"
                .formatted(namespaces),
            "rbac: {scope: cluster, applyWith: both}\nconfig: {allowDeploy: true}\n",
            // Several replicas on PostgreSQL: the budget, the spreading, the password Secret.
            ("rbac: {%s}\nreplicaCount: 3\ndatabasePassword: {existingSecret: swiss-db}\n"
                    + "config: {allowDeploy: true, database: 'postgres://swiss@db:5432/swiss'}\n")
                .formatted(namespaces));

    List<String> accepted = new ArrayList<>();
    for (String mode : modes) {
      Rendered rendered = SwissChart.render("swiss", home, mode + OPTIONAL);
      rendered.objects().forEach((key, object) -> accepted.add(dryRun(admin, key, object, mode)));
    }

    assertThat(accepted)
        .as("every kind the chart can render was dry-run")
        .anyMatch(o -> o.startsWith("Deployment "))
        .anyMatch(o -> o.startsWith("PersistentVolumeClaim "))
        .anyMatch(o -> o.startsWith("Ingress "))
        .anyMatch(o -> o.startsWith("ServiceMonitor "))
        .anyMatch(o -> o.startsWith("NetworkPolicy "))
        .anyMatch(o -> o.startsWith("ClusterRole swiss-releases"))
        .anyMatch(o -> o.startsWith("Role swiss-releases in " + second))
        .anyMatch(o -> o.startsWith("Role swiss-profile-secrets in " + home));
    assertThat(admin.apps().deployments().inNamespace(home).list().getItems())
        .as("a dry run stores nothing")
        .isEmpty();
  }

  private static String dryRun(
      KubernetesClient admin, ObjectKey key, Map<String, Object> object, String mode) {
    GenericKubernetesResource resource =
        Serialization.jsonMapper().convertValue(object, GenericKubernetesResource.class);
    if (!CLUSTER_SCOPED.contains(key.kind())) {
      resource.getMetadata().setNamespace(key.namespace());
    }
    try {
      admin.resource(resource).dryRun().create();
    } catch (KubernetesClientException e) {
      throw new AssertionError(
          "the API server refused %s %s rendered with%n%s%n%s"
              .formatted(key.kind(), key.name(), mode, e.getMessage()),
          e);
    }
    return "%s %s in %s".formatted(key.kind(), key.name(), key.namespace());
  }
}
