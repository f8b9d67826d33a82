package dev.modelsphere.swiss.server.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.config.Security;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where a check calls and with which headers, for profiles that need no Secret (those are read in
 * ReleaseChecksOnAClusterTest): the cluster is unreachable here, so any read would fail the test.
 */
class EntrypointsTest {
  private final List<String> servicesAsked = new ArrayList<>();
  private final Entrypoints entrypoints =
      new Entrypoints(
          new Kube(UnreachableApiServer.client()),
          (namespace, name, port) -> {
            servicesAsked.add(namespace + "/" + name + ":" + port);
            return "http://entry.test";
          },
          "swiss",
          UpstreamPolicy.of(Security.defaults()));

  private static final Plan PLAN = ExamplePlans.sglang("glm-53", "models", "serviceId: glm");

  private static Profile profile(String route) {
    return Profile.parse(
        "name: test\nmodel:\n  pathTemplate: /m/{{name}}\nroute:\n" + route, "test profile");
  }

  @Test
  void theEntrypointIsTheProfilesServiceAtItsPortWithTheReleasesRoute() {
    Entrypoint entrypoint =
        entrypoints.resolve(
            profile("  nginxService: llm-route/openresty\n  nginxPort: 9000\n"),
            PLAN,
            RequestAuth.NONE);

    assertThat(servicesAsked).containsExactly("llm-route/openresty:9000");
    assertThat(entrypoint.url("/v1/models")).isEqualTo("http://entry.test/glm/v1/models");
  }

  @Test
  void thePortDefaultsTo8080() {
    entrypoints.resolve(profile("  nginxService: llm-route/openresty\n"), PLAN, RequestAuth.NONE);

    assertThat(servicesAsked).containsExactly("llm-route/openresty:8080");
  }

  @Test
  void withNoAuthConfiguredNoHeaderIsSent() {
    Entrypoint entrypoint =
        entrypoints.resolve(profile("  nginxService: a/b\n"), PLAN, RequestAuth.NONE);

    assertThat(entrypoint.headers()).isEmpty();
    assertThat(entrypoint.credentialHeader()).isEmpty();
  }

  @Test
  void aKeyInTheRequestIsSentAsABearerTokenAndShownAsAVariable() {
    Entrypoint entrypoint =
        entrypoints.resolve(
            profile("  nginxService: a/b\n"), PLAN, new RequestAuth("sk-trial", Map.of()));

    assertThat(entrypoint.headers()).containsExactly(Map.entry("Authorization", "Bearer sk-trial"));
    assertThat(entrypoint.credentialShown()).isEqualTo("Bearer $SWISS_API_KEY");
  }

  @Test
  void aCustomKeyHeaderCarriesTheBareKeyAndNoAuthorization() {
    Entrypoint entrypoint =
        entrypoints.resolve(
            profile("  nginxService: a/b\n  auth: {header: x-api-key}\n"),
            PLAN,
            new RequestAuth("sk-trial", Map.of()));

    assertThat(entrypoint.headers()).containsExactly(Map.entry("X-Api-Key", "sk-trial"));
    assertThat(entrypoint.credentialHeader()).isEqualTo("X-Api-Key");
    assertThat(entrypoint.credentialShown()).isEqualTo("$SWISS_API_KEY");
  }

  @Test
  void requestHeadersReplaceProfileHeadersOfTheSameNameInAnyCaseAndOthersStay() {
    Entrypoint entrypoint =
        entrypoints.resolve(
            profile("  nginxService: a/b\n  auth: {headers: {X-Tenant: blue, X-Team: ml}}\n"),
            PLAN,
            new RequestAuth("", Map.of("x-tenant", "green")));

    assertThat(entrypoint.headers())
        .containsExactly(Map.entry("X-Team", "ml"), Map.entry("X-Tenant", "green"));
  }

  @Test
  void aHeaderARequestSendsAsNullIsSentWithNoValue() {
    Map<String, String> headers = new HashMap<>();
    headers.put("X-Trace", null);

    Entrypoint entrypoint =
        entrypoints.resolve(profile("  nginxService: a/b\n"), PLAN, new RequestAuth(null, headers));

    assertThat(entrypoint.headers()).containsExactly(Map.entry("X-Trace", ""));
  }

  @Test
  void aKeyTheProfileSetsAsAPlainHeaderIsStillTreatedAsTheCredential() {
    Entrypoint entrypoint =
        entrypoints.resolve(
            profile("  nginxService: a/b\n  auth: {headers: {authorization: Bearer static}}\n"),
            PLAN,
            RequestAuth.NONE);

    assertThat(entrypoint.credentialHeader()).isEqualTo("Authorization");
    assertThat(entrypoint.curl("GET", "http://x", null)).doesNotContain("static");
  }

  @Test
  void aProfileWithoutAnEntrypointServiceCannotBeChecked() {
    assertThatThrownBy(
            () -> entrypoints.resolve(profile("  gateway: https://x\n"), PLAN, RequestAuth.NONE))
        .isInstanceOf(UpstreamException.class)
        .hasMessageContaining("route.nginxService");
  }

  @Test
  void anEntrypointServiceThatIsNotNamespaceSlashNameIsRefusedByName() {
    assertThatThrownBy(
            () ->
                entrypoints.resolve(profile("  nginxService: openresty\n"), PLAN, RequestAuth.NONE))
        .isInstanceOf(UpstreamException.class)
        .hasMessageContaining("\"openresty\"")
        .hasMessageContaining("namespace/name");
  }

  @Test
  void aReleaseWithRoutingOffPublishesNoRouteToCall() {
    Plan unrouted = ExamplePlans.sglang("glm-53", "models", "modelRoute: {enabled: false}");

    assertThatThrownBy(
            () -> entrypoints.resolve(profile("  nginxService: a/b\n"), unrouted, RequestAuth.NONE))
        .isInstanceOf(UpstreamException.class)
        .hasMessageContaining("publishes no route");
    assertThat(servicesAsked).isEmpty();
  }
}
