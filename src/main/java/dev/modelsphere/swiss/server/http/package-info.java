/**
 * How every route answers, in the reference's conventions: JSON indented by two spaces with a
 * trailing newline, errors as {@code {"error": "..."}}, a deadline per route (503 past it), a 1 MiB
 * body cap (413), 500 without internals for anything unexpected, one log line and one metric per
 * request by route template.
 *
 * <p>{@link dev.modelsphere.swiss.server.http.HttpApp} assembles the middleware; route groups
 * register through {@link dev.modelsphere.swiss.server.http.Routes}, which makes every API route
 * name its {@link dev.modelsphere.swiss.server.http.Deadline}.
 */
package dev.modelsphere.swiss.server.http;
