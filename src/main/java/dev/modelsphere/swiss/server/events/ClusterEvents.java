package dev.modelsphere.swiss.server.events;

import dev.modelsphere.swiss.deploy.view.Fleet;
import dev.modelsphere.swiss.deploy.view.ReleaseChange;
import dev.modelsphere.swiss.kube.NodeInventory;
import java.time.Duration;

/**
 * The publisher: hears the server's watches (the fleet's releases and their pods, the nodes and
 * their GPU use) and publishes what they change to the hub, a burst folded into one event per
 * {@link #WINDOW}.
 */
public final class ClusterEvents implements AutoCloseable {
  /** Long enough to fold one helm install's burst, short enough that a UI feels live. */
  public static final Duration WINDOW = Duration.ofMillis(150);

  private final Coalescer<Change> coalescer;

  private ClusterEvents(Coalescer<Change> coalescer) {
    this.coalescer = coalescer;
  }

  /** Starts listening; the watches first tell of what they already hold, as additions. */
  public static ClusterEvents start(Fleet fleet, NodeInventory nodes, EventHub hub) {
    ClusterEvents events = new ClusterEvents(new Coalescer<>(WINDOW, hub::publish));
    fleet.listen(events::release);
    nodes.onChange(revision -> events.coalescer.offer(Change.nodes(), revision));
    return events;
  }

  private void release(ReleaseChange change) {
    if (change.listed()) {
      coalescer.offer(Change.deployments(change.namespace(), change.release()), change.revision());
    }
    coalescer.offer(Change.release(change.namespace(), change.release()), change.revision());
  }

  @Override
  public void close() {
    coalescer.close();
  }
}
