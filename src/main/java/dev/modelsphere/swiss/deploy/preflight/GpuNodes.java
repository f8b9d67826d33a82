package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.kube.NodeInventory;
import dev.modelsphere.swiss.kube.NodesReport;

/** The nodes with their GPU facts: what each offers and what running pods already hold. */
@FunctionalInterface
public interface GpuNodes {

  /**
   * @throws RuntimeException when the nodes cannot be read; preflight reports it as a problem
   */
  NodesReport report();

  /** The server's inventory, from its node and pod watches: it costs no API request. */
  static GpuNodes of(NodeInventory inventory) {
    return () -> inventory.report("");
  }
}
