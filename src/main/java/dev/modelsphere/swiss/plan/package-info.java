/**
 * The plan document ({@code plan.swiss/v1}): the composed layers of one deploy, its hash, its
 * files, its helmfile document and the views derived from it.
 *
 * <p>The hash is computed over a canonical JSON encoding that reproduces Go's {@code encoding/json}
 * byte for byte, so plans written by the Go tools verify here and the other way round.
 */
package dev.modelsphere.swiss.plan;
