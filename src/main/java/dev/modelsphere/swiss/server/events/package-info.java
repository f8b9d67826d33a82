/**
 * {@code GET /api/events}: what changed in the cluster, pushed to the web UI as server-sent events
 * so it refetches within a second instead of polling.
 *
 * <p>{@link dev.modelsphere.swiss.server.events.ClusterEvents} hears the server's watches and turns
 * their notifications into {@link dev.modelsphere.swiss.server.events.Change}s, which a {@link
 * dev.modelsphere.swiss.server.events.Coalescer} folds into one per window. The {@link
 * dev.modelsphere.swiss.server.events.EventHub} numbers them, keeps the recent ones in an {@link
 * dev.modelsphere.swiss.server.events.EventLog} for clients that reconnect, and writes them to
 * every open {@link dev.modelsphere.swiss.server.events.EventStream}. Each stream has a {@link
 * dev.modelsphere.swiss.server.events.StreamOwner}: one session may hold only a few streams, and a
 * logout ends the streams opened with its token.
 */
package dev.modelsphere.swiss.server.events;
