package dev.modelsphere.swiss.helm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.values.Yaml;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ManifestDiffTest {

  private static final String DEPLOYMENT =
      """
      ---
      # Source: sglang/templates/deployment.yaml
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: qwen-sglang
      spec:
        replicas: 1
        template:
          spec:
            containers:
              - name: engine
                image: lmsysorg/sglang:v1
      """;
  private static final String SERVICE =
      """
      ---
      apiVersion: v1
      kind: Service
      metadata:
        name: qwen-sglang
        namespace: serving
      spec:
        ports:
          - port: 30000
      """;

  @Test
  void theSameManifestIsUnchangedEvenWithDocumentsReordered() {
    ManifestComparison result =
        ManifestDiff.compare("release", DEPLOYMENT + SERVICE, SERVICE + DEPLOYMENT, "serving");

    assertThat(result.changed()).isFalse();
    assertThat(result.objects())
        .hasSize(2)
        .allMatch(o -> o.change() == ObjectChange.Change.UNCHANGED);
  }

  @Test
  void aChangedFieldShowsAsAUnifiedDiffOfThatObject() {
    ManifestComparison result =
        ManifestDiff.compare(
            "release",
            DEPLOYMENT + SERVICE,
            DEPLOYMENT.replace("replicas: 1", "replicas: 3") + SERVICE,
            "serving");

    assertThat(result.changed()).isTrue();
    assertThat(result.changes())
        .singleElement()
        .satisfies(
            change -> {
              assertThat(change.key())
                  .isEqualTo(new ObjectKey("apps/v1", "Deployment", "serving", "qwen-sglang"));
              assertThat(change.change()).isEqualTo(ObjectChange.Change.CHANGED);
              assertThat(change.diff())
                  .contains("-    replicas: 1", "+    replicas: 3")
                  .startsWith("--- a: Deployment serving/qwen-sglang");
            });
    assertThat(result.render())
        .contains("changed Deployment serving/qwen-sglang")
        .contains("unchanged Service serving/qwen-sglang");
  }

  @Test
  void objectsOnlyInThePlanAreAddedAndObjectsOnlyInTheReleaseAreRemoved() {
    ManifestComparison result = ManifestDiff.compare("release", DEPLOYMENT, SERVICE, "serving");

    assertThat(result.changes())
        .extracting(ObjectChange::change)
        .containsExactlyInAnyOrder(ObjectChange.Change.ADDED, ObjectChange.Change.REMOVED);
    assertThat(result.changes())
        .filteredOn(c -> c.change() == ObjectChange.Change.ADDED)
        .singleElement()
        .satisfies(c -> assertThat(c.diff()).contains("--- /dev/null", "+kind: Service"));
  }

  @Test
  void nothingReleasedYetMeansEverythingIsAnAddition() {
    ManifestComparison result =
        ManifestDiff.compare("release", "", DEPLOYMENT + SERVICE, "serving");

    assertThat(result.objects()).hasSize(2).allMatch(o -> o.change() == ObjectChange.Change.ADDED);
  }

  @Test
  void fieldsTheApiServerAndHelmOwnAreIgnored() {
    Map<String, Object> live =
        Yaml.tree(
            "live",
            """
        apiVersion: v1
        kind: Service
        metadata:
          name: qwen-sglang
          namespace: serving
          uid: 1234
          resourceVersion: "99"
          creationTimestamp: "2026-11-30T00:00:00Z"
          managedFields: [{manager: helm}]
          annotations:
            meta.helm.sh/release-name: qwen
            meta.helm.sh/release-namespace: serving
        spec:
          clusterIP: 10.0.0.7
          ports:
            - port: 30000
              protocol: TCP
              targetPort: 30000
        status:
          loadBalancer: {}
        """);
    Map<ObjectKey, Map<String, Object>> rendered = ManifestObjects.parse(SERVICE, "serving");
    ObjectKey key = rendered.keySet().iterator().next();

    ManifestComparison result = ManifestDiff.compareLive(Map.of(key, Optional.of(live)), rendered);

    assertThat(result.changed()).isFalse();
  }

  @Test
  void liveDriftInAFieldThePlanSetsShowsAndAMissingLiveObjectIsAnAddition() {
    Map<ObjectKey, Map<String, Object>> rendered =
        ManifestObjects.parse(DEPLOYMENT + SERVICE, "serving");
    Map<ObjectKey, Map<String, Object>> drifted =
        ManifestObjects.parse(DEPLOYMENT.replace("replicas: 1", "replicas: 5"), "serving");
    ObjectKey deployment = new ObjectKey("apps/v1", "Deployment", "serving", "qwen-sglang");

    ManifestComparison result =
        ManifestDiff.compareLive(
            Map.of(deployment, Optional.of(drifted.get(deployment))), rendered);

    assertThat(result.changes()).hasSize(2);
    assertThat(result.changes())
        .filteredOn(c -> c.key().equals(deployment))
        .singleElement()
        .satisfies(c -> assertThat(c.diff()).contains("-    replicas: 5", "+    replicas: 1"));
    assertThat(result.changes())
        .filteredOn(c -> c.key().kind().equals("Service"))
        .singleElement()
        .satisfies(c -> assertThat(c.change()).isEqualTo(ObjectChange.Change.ADDED));
  }
}
