package dev.modelsphere.swiss.sitestate;

import java.util.List;

/**
 * The cluster's nodes with their GPU facts. The server passes the nodes its informer holds, so
 * answering costs no request to the API server.
 */
@FunctionalInterface
public interface GpuInventory {

  /**
   * @throws RuntimeException when the nodes cannot be listed; its message is shown as the answer's
   *     {@code inventoryError}
   */
  List<GpuNode> nodes();
}
