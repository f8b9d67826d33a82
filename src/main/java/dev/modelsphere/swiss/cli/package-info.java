/**
 * The {@code swiss} command line (picocli): each command parses its options and calls the use cases
 * in this process, through {@code deploy.assembly} and a cluster, or the same use cases on a server
 * ({@code --server}) through its HTTP API ({@code server.api}). Commands translate; they hold no
 * rule of their own. Errors map to exit codes in {@link dev.modelsphere.swiss.cli.ExitCodes}.
 *
 * <p>May use: every package. Nothing depends on it.
 */
package dev.modelsphere.swiss.cli;
