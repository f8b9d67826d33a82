package dev.modelsphere.swiss.testing;

import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceCrd;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * Installs CRDs into the test cluster and waits until they are served. Installing is idempotent
 * (server-side apply), so every test class may ask for what it needs.
 */
public final class Crds {
  private static final String FIELD_MANAGER = "swiss-tests";
  private static final Duration ESTABLISHED_TIMEOUT = Duration.ofSeconds(30);
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private Crds() {}

  /** The LLMService CRD generated from our own types at build time. */
  public static CustomResourceDefinition llmService() {
    return LlmServiceCrd.load();
  }

  /**
   * Our CRD under a throwaway group, for tests that remove it again: removing a CRD is cluster-wide
   * and would delete every LLMService other tests own.
   */
  public static CustomResourceDefinition llmServiceIn(String group) {
    CustomResourceDefinition crd = llmService();
    crd.getSpec().setGroup(group);
    crd.getMetadata().setName(crd.getSpec().getNames().getPlural() + "." + group);
    return crd;
  }

  public static void installLlmService(KubernetesClient client) {
    install(client, llmService());
  }

  /** A shared fixture CRD by its name, e.g. {@code modelroutes.routing.modelsphere.dev}. */
  public static CustomResourceDefinition fixture(String crdName) {
    Path file = SharedFixtures.crds().resolve(crdName + ".yaml");
    try (InputStream in = Files.newInputStream(file)) {
      return SERIALIZATION.unmarshal(in, CustomResourceDefinition.class);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read fixture CRD " + file, e);
    }
  }

  /**
   * Every fixture CRD except LLMService, whose CRD comes from our own types: ModelRoute, LLMScaler,
   * LLMSLORequirement, LeaderWorkerSet, ServiceMonitor and the rest of the shared set.
   */
  public static List<String> fixtureNames() {
    try (Stream<Path> files = Files.list(SharedFixtures.crds())) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".yaml"))
          .map(n -> n.substring(0, n.length() - ".yaml".length()))
          .filter(n -> !n.equals(LlmService.CRD_NAME))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new IllegalStateException("cannot list " + SharedFixtures.crds(), e);
    }
  }

  /** Applies all before waiting on any, so the server establishes them in parallel. */
  public static void installFixtures(KubernetesClient client, String... crdNames) {
    for (String name : crdNames) {
      apply(client, fixture(name));
    }
    for (String name : crdNames) {
      awaitEstablished(client, name);
    }
  }

  /**
   * A namespaced CRD that serves {@code group/version} {@code kind} and keeps whatever its objects
   * carry: for kinds whose controllers a test plays itself, or that only need to exist.
   */
  public static CustomResourceDefinition schemaless(
      String group, String version, String kind, String plural) {
    return new CustomResourceDefinitionBuilder()
        .withNewMetadata()
        .withName(plural + "." + group)
        .endMetadata()
        .withNewSpec()
        .withGroup(group)
        .withScope("Namespaced")
        .withNewNames()
        .withKind(kind)
        .withPlural(plural)
        .withSingular(kind.toLowerCase(java.util.Locale.ROOT))
        .endNames()
        .addNewVersion()
        .withName(version)
        .withServed(true)
        .withStorage(true)
        .withNewSchema()
        .withNewOpenAPIV3Schema()
        .withType("object")
        .withXKubernetesPreserveUnknownFields(true)
        .endOpenAPIV3Schema()
        .endSchema()
        .endVersion()
        .endSpec()
        .build();
  }

  public static void install(KubernetesClient client, CustomResourceDefinition crd) {
    apply(client, crd);
    awaitEstablished(client, crd.getMetadata().getName());
  }

  private static void apply(KubernetesClient client, CustomResourceDefinition crd) {
    crd.getMetadata().setResourceVersion(null);
    client
        .apiextensions()
        .v1()
        .customResourceDefinitions()
        .resource(crd)
        .fieldManager(FIELD_MANAGER)
        .forceConflicts()
        .serverSideApply();
  }

  public static void awaitEstablished(KubernetesClient client, String crdName) {
    await("CRD " + crdName + " Established")
        .atMost(ESTABLISHED_TIMEOUT)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> established(client, crdName));
  }

  private static boolean established(KubernetesClient client, String crdName) {
    CustomResourceDefinition crd =
        client.apiextensions().v1().customResourceDefinitions().withName(crdName).get();
    return crd != null
        && crd.getStatus() != null
        && crd.getStatus().getConditions() != null
        && crd.getStatus().getConditions().stream()
            .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
  }
}
