package dev.modelsphere.swiss.chart;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The combinations charts/swiss refuses to render, each with what to change. */
class SwissChartRefusalsTest {

  @Test
  void namespacedScopeWithNoNamespacesIsRefused() {
    assertRefused(
        "rbac: {scope: namespaced, namespaces: []}\n",
        "rbac.scope is namespaced but rbac.namespaces is empty: swiss would see no releases at"
            + " all. List the namespaces holding model releases, or set rbac.scope: cluster"
            + " knowing it grants cluster-wide secret reads.");
  }

  @Test
  void servingSwisssOwnNamespaceIsRefusedForItsSecretsWouldBeReadable() {
    assertRefused(
        "rbac: {namespaces: [models, swiss-system]}\n",
        "rbac.namespaces holds swiss-system, swiss's own namespace: helm's release storage needs"
            + " every Secret of a served namespace, so swiss could read its own credential Secret"
            + " there. Install swiss in a namespace of its own, apart from the model releases.");
  }

  @Test
  void aProfileSecretNamingSwisssOwnCredentialsIsRefused() {
    assertRefused(
        "rbac: {namespaces: [m], profileSecrets: {sloToken: swiss-system/swiss-auth}}\n",
        "rbac.profileSecrets.sloToken names swiss-system/swiss-auth, swiss's own credentials:"
            + " swiss would send them to whatever address the profile names. Name the Secret that"
            + " holds the SLO token or the entrypoint key.");
    assertRefused(
        "rbac: {namespaces: [m], profileSecrets: {entrypointKey: swiss-db}}\n"
            + "databasePassword: {existingSecret: swiss-db}\n",
        "rbac.profileSecrets.entrypointKey names swiss-db, swiss's own credentials");
  }

  @Test
  void aProfileSecretThatIsNoSecretNameIsRefused() {
    assertRefused(
        "rbac: {namespaces: [m], profileSecrets: {sloToken: 'a/b/c'}}\n",
        "rbac.profileSecrets.sloToken \"a/b/c\" is not a Secret's name or namespace/name");
  }

  @Test
  void anUnknownScopeIsRefused() {
    assertRefused(
        "rbac: {scope: everywhere}\n", "rbac.scope \"everywhere\" is not namespaced or cluster");
  }

  @Test
  void deploysWithoutAVolumeAreRefused() {
    assertRefused(
        "rbac: {namespaces: [m]}\nconfig: {allowDeploy: true}\npersistence: {enabled: false}\n",
        "config.allowDeploy needs persistence: the audit log and staged plans must survive a"
            + " restart. Set persistence.enabled: true or name a persistence.existingClaim, or"
            + " point config.database at a PostgreSQL server.");
  }

  @Test
  void deploysWithMoreThanOneReplicaOnSqliteAreRefusedNamingPostgres() {
    assertRefused(
        "rbac: {namespaces: [m]}\nconfig: {allowDeploy: true}\nreplicaCount: 2\n",
        "config.allowDeploy with SQLite runs one replica: sqlite is a single writer and the volume"
            + " is ReadWriteOnce, so a second replica would share neither the audit log nor the"
            + " plans. Set replicaCount: 1, or point config.database at a PostgreSQL server"
            + " (postgres://user@host:5432/db) to run several.");
  }

  @Test
  void aPasswordInTheDatabaseUrlIsRefused() {
    assertRefused(
        "rbac: {namespaces: [m]}\nconfig: {allowDeploy: true, database:"
            + " 'postgres://swiss:hunter2@db:5432/swiss'}\n",
        "config.database holds a password: take it out of the URL and name a Secret holding it"
            + " in databasePassword.existingSecret.");
  }

  @Test
  void llmServiceInstallsWithHelmOnlyGrantsAreRefused() {
    assertRefused(
        "rbac: {namespaces: [m]}\nconfig: {applyWith: llmsvc}\n",
        "config.applyWith is llmsvc but rbac.applyWith is helm: the service account could not"
            + " write LLMService objects. Set rbac.applyWith to llmsvc or both.");
  }

  @Test
  void llmServiceOnlyGrantsForHelmInstallsAreRefused() {
    assertRefused(
        "rbac: {namespaces: [m], applyWith: llmsvc}\n",
        "rbac.applyWith is llmsvc but config.applyWith is helm: swiss would install Helm releases"
            + " it holds no grants for. Set config.applyWith: llmsvc, or rbac.applyWith to helm or"
            + " both.");
  }

  @Test
  void unknownBackendsAreRefused() {
    assertRefused(
        "rbac: {namespaces: [m]}\nconfig: {applyWith: operator}\n",
        "config.applyWith \"operator\" is not helm or llmsvc");
    assertRefused(
        "rbac: {namespaces: [m], applyWith: operator}\n",
        "rbac.applyWith \"operator\" is not helm, both or llmsvc");
  }

  @Test
  void anExistingSecretWithTheLoginOffIsRefused() {
    assertRefused(
        "rbac: {namespaces: [m]}\nauth: {existingSecret: keys, disabled: true}\n",
        "auth.existingSecret is set but auth.disabled is true: with the login off no Secret is"
            + " mounted. Drop one of the two.");
  }

  private static void assertRefused(String values, String message) {
    assertThatThrownBy(() -> SwissChart.render(values)).hasMessageContaining(message);
  }
}
