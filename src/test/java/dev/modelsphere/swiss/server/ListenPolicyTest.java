package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.config.Auth;
import dev.modelsphere.swiss.config.Server;
import org.junit.jupiter.api.Test;

class ListenPolicyTest {
  private static final ListenAddress EVERYWHERE = ListenAddress.parse(":8080");

  @Test
  void aServerWithNoLoginThatMayDeployListensOnLoopbackOnlyAndSaysWhy() {
    ListenPolicy policy = ListenPolicy.of(server(true, true, false), EVERYWHERE);

    assertThat(policy.address()).isEqualTo(ListenAddress.parse("127.0.0.1:8080"));
    assertThat(policy.narrowed())
        .hasValueSatisfying(
            why -> assertThat(why).contains("127.0.0.1:8080", ":8080", "server.insecureListen"));
  }

  @Test
  void insecureListenKeepsTheAddressAsAsked() {
    ListenPolicy policy = ListenPolicy.of(server(true, true, true), EVERYWHERE);

    assertThat(policy.address()).isEqualTo(EVERYWHERE);
    assertThat(policy.narrowed()).isEmpty();
  }

  @Test
  void aLoginOrAReadOnlyServerListensWhereItIsTold() {
    assertThat(ListenPolicy.of(server(false, true, false), EVERYWHERE).address())
        .isEqualTo(EVERYWHERE);
    assertThat(ListenPolicy.of(server(true, false, false), EVERYWHERE).address())
        .isEqualTo(EVERYWHERE);
  }

  @Test
  void aLoopbackAddressIsAlreadySafe() {
    for (String addr : new String[] {"127.0.0.1:0", "[::1]:9000", "localhost:8080"}) {
      ListenPolicy policy = ListenPolicy.of(server(true, true, false), ListenAddress.parse(addr));

      assertThat(policy.address()).as(addr).isEqualTo(ListenAddress.parse(addr));
      assertThat(policy.narrowed()).as(addr).isEmpty();
    }
  }

  @Test
  void anAddressOnAnotherInterfaceIsNarrowedToo() {
    ListenPolicy policy =
        ListenPolicy.of(server(true, true, false), ListenAddress.parse("10.0.0.5:8080"));

    assertThat(policy.address().isLoopback()).isTrue();
  }

  private static Server server(boolean loginOff, boolean allowDeploy, boolean insecureListen) {
    Auth auth =
        loginOff
            ? new Auth(null, null, true, null, null)
            : new Auth("/auth", null, false, null, null);
    return Server.defaults()
        .withAllowDeploy(allowDeploy)
        .withAuth(auth)
        .withInsecureListen(insecureListen);
  }
}
