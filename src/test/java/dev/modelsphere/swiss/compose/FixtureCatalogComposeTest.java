package dev.modelsphere.swiss.compose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.testing.EveryFixtureVariant;
import dev.modelsphere.swiss.testing.SharedFixtures;
import dev.modelsphere.swiss.values.Tree;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every variant of every version of the real catalog composes, and its hash behaves. */
class FixtureCatalogComposeTest {
  static final String SITE =
      """
      name: test-site
      namespace: models
      chartRepo: https://charts.example.com/
      registry: {mirror: registry.local/mirror}
      model:
        pathTemplate: "/mnt/disk0/models/{{org}}/{{name}}"
      cache: {enabled: true, hostPath: /mnt/cache}
      nodes: {gpusPerNode: 8}
      scaler: {serverAddress: "http://decision-gen.llm-scaler.svc:80"}
      route: {nginxConfigMap: llm-route/openresty-conf, monitorConfigMap: llm-route/monitor-conf}
      """;

  static Catalog catalog;
  static Profile profile;

  @BeforeAll
  static void open() {
    catalog = Catalog.open(SharedFixtures.modelCatalog().toString());
    profile = Profile.parse(SITE, "test-site");
  }

  static List<ComposeRequest> everyVariant(Map<String, Object> form) {
    return EveryFixtureVariant.requests(catalog, profile, form);
  }

  @Test
  void everyModelVersionAndVariantComposesIntoAVerifiablePlan() {
    List<ComposeRequest> requests = everyVariant(Map.of());
    assertThat(requests).hasSizeGreaterThan(20);
    Set<String> hashes = new HashSet<>();
    for (ComposeRequest req : requests) {
      Plan plan = Composer.compose(req);
      plan.verifyHash();
      hashes.add(plan.hash());
      String what = req.entry().name() + " " + req.entry().version() + " " + req.variant().id();
      assertThat(plan.source().digest()).as(what).isEqualTo(req.entry().digest());
      assertThat(Tree.get(plan.values(), "model.name").value())
          .as(what)
          .isEqualTo(req.entry().servedModelName());
      assertThat(plan.helmfile())
          .as(what)
          .contains("chart: charts/" + req.variant().chart().name());
    }
    assertThat(hashes).as("every variant composes a distinct plan").hasSize(requests.size());
  }

  @Test
  void changingAnyFormValueChangesTheHash() {
    List<ComposeRequest> base = everyVariant(Map.of("replicaCount", 2L));
    List<ComposeRequest> changed = everyVariant(Map.of("replicaCount", 3L));
    List<ComposeRequest> typed = everyVariant(Map.of("replicaCount", "2"));
    for (int i = 0; i < base.size(); i++) {
      String h = Composer.compose(base.get(i)).hash();
      assertThat(Composer.compose(changed.get(i)).hash()).isNotEqualTo(h);
      assertThat(Composer.compose(typed.get(i)).hash()).isNotEqualTo(h);
    }
  }

  @Test
  void catalogNameHelmfileAndCreateNamespaceDoNotChangeTheHash() {
    for (ComposeRequest req : everyVariant(Map.of())) {
      Plan plain = Composer.compose(req);
      Plan named = Composer.compose(req.withCatalogName("public").withCreateNamespace(true));
      assertThat(named.source().catalogName()).isEqualTo("public");
      assertThat(named.createNamespace()).isTrue();
      assertThat(named.helmfile()).isNotEqualTo(plain.helmfile());
      assertThat(named.hash()).isEqualTo(plain.hash());
      assertThat(plain.withHelmfile(null).computeHash()).isEqualTo(plain.hash());
    }
  }
}
