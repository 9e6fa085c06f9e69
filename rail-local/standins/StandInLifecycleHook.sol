// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Stands in for the global lifecycle hook the deployed OrchestratorV3 snapshots per intent
/// (IntentLifecycleHookV1 on Base: whitelist and dispute-protection policies). It admits every intent
/// and settles every release unless a test tells it to refuse, as a policy or a paused admissions
/// switch would: `setRefusing(true)` makes settleIntent revert (a release, ours or the maker's manual
/// one, is blocked), `setRefusingSignals(true)` makes onIntentSignaled revert.
contract StandInLifecycleHook {
    bool public refusing;
    bool public refusingSignals;

    event IntentSettled(bytes32 indexed intentHash, uint256 releaseAmount, bool isManualRelease);

    /// DisputeProtectionPolicy's refusal of a hook it does not authorise (the deployed ABI's error)
    error UnauthorizedLifecycleHook(address hook);
    error AdmissionsPaused();

    struct SettlementContext { bytes32 intentHash; address token; address recipient; uint256 releaseAmount; uint256 netAmount; bool isManualRelease; }

    function setRefusing(bool refuse) external {
        refusing = refuse;
    }

    function setRefusingSignals(bool refuse) external {
        refusingSignals = refuse;
    }

    function onIntentSignaled(bytes32) external view {
        if (refusingSignals) revert AdmissionsPaused();
    }

    function onIntentCancelled(bytes32) external {}

    function settleIntent(SettlementContext calldata c) external {
        if (refusing) revert UnauthorizedLifecycleHook(address(this));
        emit IntentSettled(c.intentHash, c.releaseAmount, c.isManualRelease);
    }
}
