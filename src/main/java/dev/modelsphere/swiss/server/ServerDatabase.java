package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.store.DatabasePassword;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.store.StoreException;
import java.util.Optional;

/** The database a server keeps its audit log, plans and approvals in. */
final class ServerDatabase {
  private ServerDatabase() {}

  /**
   * Opened before anything listens, so a database the server cannot use refuses the start. Without
   * deploys there is none, as in the reference: nothing would write to it.
   *
   * @throws ServerException naming what to point {@code server.database} at
   */
  static Optional<Store> open(Config config, DatabasePassword password) {
    if (!config.server().allowDeploy()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Store.open(config.server().database(), password));
    } catch (StoreException e) {
      throw new ServerException(
          "%s -- point server.database at a file this user can write, or a PostgreSQL server it"
                  .formatted(e.getMessage())
              + " reaches",
          e);
    }
  }
}
