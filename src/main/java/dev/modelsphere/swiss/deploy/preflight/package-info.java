/**
 * Preflight: the checks a plan must pass before swiss installs or applies it, each a named {@link
 * dev.modelsphere.swiss.deploy.preflight.PreflightRule} that reports every problem it finds at
 * once. {@link dev.modelsphere.swiss.deploy.preflight.Preflight} runs them all and answers a {@link
 * dev.modelsphere.swiss.deploy.preflight.PreflightReport}; a rule that cannot read the cluster
 * reports that as its problem instead of throwing, so one outage never hides the other rules'
 * findings.
 *
 * <p>Checks that decide whether a name is free (release identity, routes, service ids) read the
 * managed releases through {@link dev.modelsphere.swiss.deploy.preflight.ManagedPlans} and {@link
 * dev.modelsphere.swiss.deploy.preflight.ReleaseHolders}. The CLI, which keeps no watches, lists
 * them live. {@code swiss serve} reads the watches it keeps for its views, so a check costs the API
 * server nothing however many releases there are; the copy trails the API server by the watch's
 * delay (milliseconds on a healthy one), which widens, but does not open, the window in which two
 * installs of different releases check one route before either writes: the live lists never closed
 * it either, since no lock spans releases. A copy not yet loaded, or a watch refused, fails the
 * check ("could not check") rather than passing on a partial copy. GPU fit uses the watch-backed
 * node inventory, because the scheduler decides in the end.
 *
 * <p>Last, {@link dev.modelsphere.swiss.deploy.preflight.DryRunRule} asks the API server itself:
 * the objects the write would send are applied with {@code dryRun=All}, so what it would refuse is
 * refused before anything is written. Each problem carries the kind of refusal it makes of a write
 * (400 for what the request must change, 409 for the cluster's state), set by its rule.
 */
package dev.modelsphere.swiss.deploy.preflight;
