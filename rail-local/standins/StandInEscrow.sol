// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Like {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

interface IOrchestratorPrune {
    function pruneIntents(bytes32[] calldata intentHashes) external;
}

/// Stands in for ZKP2P's EscrowV2 on the local chain: a maker's USDC deposit that locks funds for
/// intents and releases them. Written from the published ABI (the functions, events and errors below
/// keep its exact signatures) and the documented behaviour; none of ZKP2P's code is in it.
contract StandInEscrow {
    struct Range { uint256 min; uint256 max; }
    struct Intent { bytes32 intentHash; uint256 amount; uint256 timestamp; uint256 expiryTime; }
    struct PaymentMethodData { address intentGatingService; bytes32 payeeDetails; bytes data; }
    struct Deposit {
        address depositor;
        Range intentAmountRange;
        bool acceptingIntents;
        uint256 remainingDeposits;
        uint256 outstandingIntentAmount;
    }

    event FundsLocked(uint256 indexed depositId, bytes32 indexed intentHash, uint256 amount, uint256 expiryTime);
    event FundsUnlocked(uint256 indexed depositId, bytes32 indexed intentHash, uint256 amount);
    event FundsUnlockedAndTransferred(uint256 indexed depositId, bytes32 indexed intentHash, uint256 unlockedAmount, uint256 transferredAmount, address to);

    error AmountAboveMax(uint256 amount, uint256 max);
    error AmountBelowMin(uint256 amount, uint256 min);
    error DepositNotAcceptingIntents(uint256 depositId);
    error DepositNotFound(uint256 depositId);
    error InsufficientDepositLiquidity(uint256 depositId, uint256 available, uint256 required);
    error IntentNotFound(bytes32 intentHash);
    error UnauthorizedCaller(address caller, address authorized);

    bool private initialized;
    address public orchestrator;
    address public token;
    uint256 public intentExpirationPeriod;
    uint256 public depositCounter;
    mapping(uint256 => Deposit) private deposits;
    mapping(uint256 => mapping(bytes32 => PaymentMethodData)) private methodData;
    mapping(uint256 => mapping(bytes32 => bool)) private methodListed;
    mapping(uint256 => mapping(bytes32 => mapping(bytes32 => uint256))) private minRates;
    mapping(uint256 => mapping(bytes32 => Intent)) private intents;
    mapping(uint256 => bytes32[]) private intentHashes;
    /// the deposit's manager fee (V3 reads it from the deposit's rate manager): recipient and rate, 1e18 = 100%
    mapping(uint256 => address) private managerFeeRecipient;
    mapping(uint256 => uint256) private managerFeeRate;

    function init(address orchestrator_, address token_, uint256 period) external {
        require(!initialized, "initialized");
        initialized = true;
        orchestrator = orchestrator_;
        token = token_;
        intentExpirationPeriod = period;
    }

    /// Test chain only: a deposit whose every method takes every currency listed (a min rate of 0: not taken).
    function createTestDeposit(
        uint256 amount,
        uint256 minIntent,
        uint256 maxIntent,
        bytes32[] calldata paymentMethods,
        bytes32[] calldata payeeDetails,
        address[] calldata gatingServices,
        bytes32[] calldata currencies,
        uint256[] calldata currencyMinRates
    ) external returns (uint256 depositId) {
        require(IERC20Like(token).transferFrom(msg.sender, address(this), amount), "transfer");
        depositId = ++depositCounter;
        deposits[depositId] = Deposit(msg.sender, Range(minIntent, maxIntent), true, amount, 0);
        for (uint256 i = 0; i < paymentMethods.length; i++) {
            methodListed[depositId][paymentMethods[i]] = true;
            methodData[depositId][paymentMethods[i]] = PaymentMethodData(gatingServices[i], payeeDetails[i], "");
            for (uint256 c = 0; c < currencies.length; c++) minRates[depositId][paymentMethods[i]][currencies[c]] = currencyMinRates[c];
        }
    }

    function setAcceptingIntents(uint256 depositId, bool accepting) external {
        Deposit storage d = _deposit(depositId);
        if (msg.sender != d.depositor) revert UnauthorizedCaller(msg.sender, d.depositor);
        d.acceptingIntents = accepting;
    }

    /// Test chain only: the manager fee V3 snapshots when an intent is signalled (getManagerFee).
    function setManagerFee(uint256 depositId, address recipient, uint256 fee) external {
        Deposit storage d = _deposit(depositId);
        if (msg.sender != d.depositor) revert UnauthorizedCaller(msg.sender, d.depositor);
        managerFeeRecipient[depositId] = recipient;
        managerFeeRate[depositId] = fee;
    }

    function getManagerFee(uint256 depositId) external view returns (address recipient, uint256 fee) {
        return (managerFeeRecipient[depositId], managerFeeRate[depositId]);
    }

    function setIntentExpirationPeriod(uint256 period) external {
        intentExpirationPeriod = period;
    }

    function lockFunds(uint256 depositId, bytes32 intentHash, uint256 amount) external {
        if (msg.sender != orchestrator) revert UnauthorizedCaller(msg.sender, orchestrator);
        Deposit storage d = _deposit(depositId);
        if (!d.acceptingIntents) revert DepositNotAcceptingIntents(depositId);
        if (amount < d.intentAmountRange.min) revert AmountBelowMin(amount, d.intentAmountRange.min);
        if (amount > d.intentAmountRange.max) revert AmountAboveMax(amount, d.intentAmountRange.max);
        // expired intents give their funds back before a lock is refused for want of liquidity
        if (d.remainingDeposits < amount) _pruneExpired(depositId);
        if (d.remainingDeposits < amount) revert InsufficientDepositLiquidity(depositId, d.remainingDeposits, amount);
        d.remainingDeposits -= amount;
        d.outstandingIntentAmount += amount;
        uint256 expiry = block.timestamp + intentExpirationPeriod;
        intents[depositId][intentHash] = Intent(intentHash, amount, block.timestamp, expiry);
        intentHashes[depositId].push(intentHash);
        emit FundsLocked(depositId, intentHash, amount, expiry);
    }

    function unlockFunds(uint256 depositId, bytes32 intentHash) external {
        if (msg.sender != orchestrator) revert UnauthorizedCaller(msg.sender, orchestrator);
        uint256 amount = _release(depositId, intentHash);
        deposits[depositId].remainingDeposits += amount;
        emit FundsUnlocked(depositId, intentHash, amount);
    }

    function unlockAndTransferFunds(uint256 depositId, bytes32 intentHash, uint256 transferAmount, address to) external {
        if (msg.sender != orchestrator) revert UnauthorizedCaller(msg.sender, orchestrator);
        uint256 amount = _release(depositId, intentHash);
        require(transferAmount <= amount, "transfer above lock");
        // what is not released goes back to the deposit (a partial release)
        deposits[depositId].remainingDeposits += amount - transferAmount;
        require(IERC20Like(token).transfer(to, transferAmount), "transfer");
        emit FundsUnlockedAndTransferred(depositId, intentHash, amount, transferAmount, to);
    }

    /// Anyone may prune a deposit's expired intents: their funds return to the deposit.
    function pruneExpiredIntents(uint256 depositId) external {
        _pruneExpired(depositId);
    }

    function getExpiredIntents(uint256 depositId) public view returns (bytes32[] memory expired, uint256 reclaimable) {
        bytes32[] storage all = intentHashes[depositId];
        expired = new bytes32[](all.length);
        uint256 n = 0;
        for (uint256 i = 0; i < all.length; i++) {
            Intent storage it = intents[depositId][all[i]];
            if (it.intentHash != bytes32(0) && it.expiryTime <= block.timestamp) {
                expired[n++] = all[i];
                reclaimable += it.amount;
            }
        }
        assembly { mstore(expired, n) }
    }

    function getDepositIntent(uint256 depositId, bytes32 intentHash) external view returns (Intent memory) {
        return intents[depositId][intentHash];
    }

    function getDepositIntentHashes(uint256 depositId) external view returns (bytes32[] memory) {
        return intentHashes[depositId];
    }

    function getDepositPaymentMethodListed(uint256 depositId, bytes32 paymentMethod) external view returns (bool) {
        return methodListed[depositId][paymentMethod];
    }

    function getDepositPaymentMethodData(uint256 depositId, bytes32 paymentMethod) external view returns (PaymentMethodData memory) {
        return methodData[depositId][paymentMethod];
    }

    function getDepositGatingService(uint256 depositId, bytes32 paymentMethod) external view returns (address) {
        return methodData[depositId][paymentMethod].intentGatingService;
    }

    function getDepositCurrencyListed(uint256 depositId, bytes32 paymentMethod, bytes32 currency) external view returns (bool) {
        return minRates[depositId][paymentMethod][currency] != 0;
    }

    function getDepositCurrencyMinRate(uint256 depositId, bytes32 paymentMethod, bytes32 currency) external view returns (uint256) {
        return minRates[depositId][paymentMethod][currency];
    }

    function depositIntentRange(uint256 depositId) external view returns (uint256 min, uint256 max) {
        Range storage r = deposits[depositId].intentAmountRange;
        return (r.min, r.max);
    }

    /// EscrowV2's getDeposit, in its published shape (a stand-in has no delegate, guardian or retain-on-empty).
    struct DepositView {
        address depositor; address delegate; address token; Range intentAmountRange; bool acceptingIntents;
        uint256 remainingDeposits; uint256 outstandingIntentAmount; address intentGuardian; bool retainOnEmpty;
    }
    function getDeposit(uint256 depositId) external view returns (DepositView memory) {
        Deposit storage d = deposits[depositId];
        return DepositView(d.depositor, address(0), token, d.intentAmountRange, d.acceptingIntents, d.remainingDeposits, d.outstandingIntentAmount, address(0), false);
    }

    function depositor(uint256 depositId) external view returns (address) {
        return deposits[depositId].depositor;
    }

    function remainingDeposits(uint256 depositId) external view returns (uint256) {
        return deposits[depositId].remainingDeposits;
    }

    function _deposit(uint256 depositId) private view returns (Deposit storage d) {
        d = deposits[depositId];
        if (d.depositor == address(0)) revert DepositNotFound(depositId);
    }

    function _release(uint256 depositId, bytes32 intentHash) private returns (uint256 amount) {
        Intent storage it = intents[depositId][intentHash];
        if (it.intentHash == bytes32(0)) revert IntentNotFound(intentHash);
        amount = it.amount;
        deposits[depositId].outstandingIntentAmount -= amount;
        delete intents[depositId][intentHash];
    }

    function _pruneExpired(uint256 depositId) private {
        (bytes32[] memory expired, ) = getExpiredIntents(depositId);
        if (expired.length == 0) return;
        for (uint256 i = 0; i < expired.length; i++) {
            uint256 amount = _release(depositId, expired[i]);
            deposits[depositId].remainingDeposits += amount;
            emit FundsUnlocked(depositId, expired[i], amount);
        }
        IOrchestratorPrune(orchestrator).pruneIntents(expired);
    }
}
