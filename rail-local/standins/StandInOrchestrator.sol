// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IEscrowLike {
    function lockFunds(uint256 depositId, bytes32 intentHash, uint256 amount) external;
    function unlockFunds(uint256 depositId, bytes32 intentHash) external;
    function unlockAndTransferFunds(uint256 depositId, bytes32 intentHash, uint256 transferAmount, address to) external;
    function getDepositPaymentMethodListed(uint256 depositId, bytes32 paymentMethod) external view returns (bool);
    function getDepositGatingService(uint256 depositId, bytes32 paymentMethod) external view returns (address);
    function getDepositCurrencyMinRate(uint256 depositId, bytes32 paymentMethod, bytes32 currency) external view returns (uint256);
    function depositIntentRange(uint256 depositId) external view returns (uint256 min, uint256 max);
    function depositor(uint256 depositId) external view returns (address);
    struct PaymentMethodData { address intentGatingService; bytes32 payeeDetails; bytes data; }
    function getDepositPaymentMethodData(uint256 depositId, bytes32 paymentMethod) external view returns (PaymentMethodData memory);
    function getManagerFee(uint256 depositId) external view returns (address recipient, uint256 fee);
}

interface IERC20Transfer {
    function transfer(address to, uint256 value) external returns (bool);
}

struct VerifyPaymentData { bytes32 intentHash; bytes paymentProof; bytes data; }
struct PaymentVerificationResult { bool success; bytes32 intentHash; uint256 releaseAmount; }

interface ILifecycleHookLike {
    struct SettlementContext { bytes32 intentHash; address token; address recipient; uint256 releaseAmount; uint256 netAmount; bool isManualRelease; }
    function onIntentSignaled(bytes32 intentHash) external;
    function onIntentCancelled(bytes32 intentHash) external;
    function settleIntent(SettlementContext calldata context) external;
}

interface IVerifierLike {
    function verifyPayment(VerifyPaymentData calldata data) external returns (PaymentVerificationResult memory);
}

/// Stands in for ZKP2P's OrchestratorV3 on the local chain: signal, fulfil, cancel and prune intents
/// against the stand-in escrow. The functions, events and errors the rail uses keep the published
/// ABI's exact signatures (tests/rail/standins.test.ts checks them); the behaviour is our reading of
/// the documentation and the published OrchestratorV3 source, not ZKP2P's code. Its rules:
/// - the gating check is EIP-191 over keccak256(abi.encodePacked(orchestrator, escrow, depositId,
///   amount, caller, to, paymentMethod, fiatCurrency, conversionRate, keccak256(abi.encode(referralFees)),
///   postIntentHook, keccak256(data), signatureExpiration, chainid)), and each digest is single-use
///   (GatingSignatureAlreadyUsed): a signature is bound to the wallet that signals, and spent by it;
/// - fees as V3 takes them at release, each on the gross release and rounded down: the protocol fee
///   (protocolFee(), 1e18 = 100%, at most 5%), the deposit's manager fee snapshotted at signal
///   (IntentManagerFeeSnapshotted, at most 5%) and each referral fee (IntentReferralFeeDistributed);
///   IntentFulfilled carries the net that reaches the payer's recipient;
/// - as the deployed V3 (OpenZeppelin 4's Pausable): the owner pauses and unpauses
///   (pauseOrchestrator, unpauseOrchestrator, paused(), Paused/Unpaused), and while paused
///   signalIntent and fulfillIntent revert "Pausable: paused" where cancelIntent and
///   releaseFundsToPayer do not;
/// - as the deployed V3: a global lifecycle hook (setLifecycleHook) is snapshotted per intent at
///   signal (onIntentSignaled, fail-closed), told of a cancel or prune (onIntentCancelled) and asked
///   to settle every release, the maker's manual one too (settleIntent): a hook that reverts blocks
///   the release.
contract StandInOrchestrator {
    struct ReferralFee { address recipient; uint256 fee; }
    struct SignalIntentParams {
        address escrow;
        uint256 depositId;
        uint256 amount;
        address to;
        bytes32 paymentMethod;
        bytes32 fiatCurrency;
        uint256 conversionRate;
        ReferralFee[] referralFees;
        bytes gatingServiceSignature;
        uint256 signatureExpiration;
        address postIntentHook;
        bytes preIntentHookData;
        bytes data;
    }
    struct FulfillIntentParams { bytes paymentProof; bytes32 intentHash; bytes verificationData; bytes postIntentHookData; }
    struct Intent {
        address owner;
        address to;
        address escrow;
        uint256 depositId;
        uint256 amount;
        uint256 timestamp;
        bytes32 paymentMethod;
        bytes32 fiatCurrency;
        uint256 conversionRate;
        bytes32 payeeId;
        ReferralFee[] referralFees;
        address postIntentHook;
        bytes data;
    }

    event IntentSignaled(
        bytes32 indexed intentHash,
        address indexed escrow,
        uint256 indexed depositId,
        bytes32 paymentMethod,
        address owner,
        address to,
        uint256 amount,
        bytes32 fiatCurrency,
        uint256 conversionRate,
        uint256 timestamp
    );
    event IntentFulfilled(bytes32 indexed intentHash, address indexed fundsTransferredTo, uint256 amount, bool isManualRelease);
    event IntentPruned(bytes32 indexed intentHash);
    event IntentManagerFeeSnapshotted(bytes32 indexed intentHash, address indexed feeRecipient, uint256 fee);
    event IntentReferralFeeDistributed(bytes32 indexed intentHash, address indexed feeRecipient, uint256 feeAmount);
    event ProtocolFeeUpdated(uint256 protocolFee);
    event Paused(address account);
    event Unpaused(address account);
    event LifecycleHookUpdated(address indexed previousHook, address indexed newHook);
    event IntentLifecycleHookSnapshotted(bytes32 indexed intentHash, address indexed lifecycleHook);
    event ProtocolFeeRecipientUpdated(address indexed protocolFeeRecipient);

    error AccountHasActiveIntent(address account, bytes32 existingIntent);
    error AmountBelowMin(uint256 amount, uint256 min);
    error CurrencyNotSupported(bytes32 paymentMethod, bytes32 currency);
    error EscrowNotWhitelisted(address escrow);
    error FeeExceedsMaximum(uint256 fee, uint256 maximum);
    error GatingSignatureAlreadyUsed(bytes32 digest);
    error ReferralFeeExceedsMaximum(uint256 totalFee, uint256 maximum);
    error HashMismatch(bytes32 expected, bytes32 actual);
    error IntentNotFound(bytes32 intentHash);
    error InvalidSignature();
    error PaymentMethodNotSupported(bytes32 paymentMethod);
    error PaymentVerificationFailed();
    error RateBelowMinimum(uint256 rate, uint256 minRate);
    error SignatureExpired(uint256 expiration, uint256 currentTime);
    error TransferFailed(address recipient, uint256 amount);
    error UnauthorizedCaller(address caller, address authorized);
    error UnauthorizedEscrowCaller(address caller);

    bool private initialized;
    address public escrow;
    address public verifier;
    address public token;
    bool public allowMultipleIntents;
    uint256 public intentCounter;
    mapping(bytes32 => Intent) private intents;
    mapping(address => bytes32[]) private accountIntents;
    uint256 constant PRECISE_UNIT = 1e18;
    uint256 constant MAX_PROTOCOL_FEE = 5e16;
    uint256 constant MAX_MANAGER_FEE = 5e16;
    uint256 constant MAX_REFERRER_FEE = 5e17;
    address public owner;
    uint256 public protocolFee;
    address public protocolFeeRecipient;
    mapping(bytes32 => uint256) public intentManagerFee;
    mapping(bytes32 => address) private intentManagerFeeRecipient;
    mapping(bytes32 => bool) private usedGatingSignatureDigests;
    bool public paused;
    address public lifecycleHook;
    mapping(bytes32 => address) private intentLifecycleHooks;

    modifier whenNotPaused() {
        require(!paused, "Pausable: paused");
        _;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    function pauseOrchestrator() external onlyOwner {
        require(!paused, "Pausable: paused");
        paused = true;
        emit Paused(msg.sender);
    }

    function unpauseOrchestrator() external onlyOwner {
        require(paused, "Pausable: not paused");
        paused = false;
        emit Unpaused(msg.sender);
    }

    function setLifecycleHook(address hook) external onlyOwner {
        emit LifecycleHookUpdated(lifecycleHook, hook);
        lifecycleHook = hook;
    }

    function getIntentLifecycleHook(bytes32 intentHash) external view returns (address) {
        return intentLifecycleHooks[intentHash];
    }

    function init(address escrow_, address verifier_, address token_, bool allowMultiple) external {
        require(!initialized, "initialized");
        initialized = true;
        escrow = escrow_;
        verifier = verifier_;
        token = token_;
        allowMultipleIntents = allowMultiple;
        owner = msg.sender;
    }

    function setProtocolFee(uint256 fee) external {
        if (msg.sender != owner) revert UnauthorizedCaller(msg.sender, owner);
        if (fee > MAX_PROTOCOL_FEE) revert FeeExceedsMaximum(fee, MAX_PROTOCOL_FEE);
        protocolFee = fee;
        emit ProtocolFeeUpdated(fee);
    }

    function setProtocolFeeRecipient(address recipient) external {
        if (msg.sender != owner) revert UnauthorizedCaller(msg.sender, owner);
        protocolFeeRecipient = recipient;
        emit ProtocolFeeRecipientUpdated(recipient);
    }

    function setAllowMultipleIntents(bool allow) external onlyOwner {
        allowMultipleIntents = allow;
    }

    function signalIntent(SignalIntentParams calldata p) external whenNotPaused {
        if (p.escrow != escrow) revert EscrowNotWhitelisted(p.escrow);
        bytes32[] storage mine = accountIntents[msg.sender];
        if (!allowMultipleIntents && mine.length > 0) revert AccountHasActiveIntent(msg.sender, mine[0]);
        IEscrowLike e = IEscrowLike(escrow);
        if (!e.getDepositPaymentMethodListed(p.depositId, p.paymentMethod)) revert PaymentMethodNotSupported(p.paymentMethod);
        uint256 minRate = e.getDepositCurrencyMinRate(p.depositId, p.paymentMethod, p.fiatCurrency);
        if (minRate == 0) revert CurrencyNotSupported(p.paymentMethod, p.fiatCurrency);
        if (p.conversionRate < minRate) revert RateBelowMinimum(p.conversionRate, minRate);
        address gating = e.getDepositGatingService(p.depositId, p.paymentMethod);
        if (gating != address(0)) {
            if (block.timestamp > p.signatureExpiration) revert SignatureExpired(p.signatureExpiration, block.timestamp);
            bytes32 digest = _gatingDigest(p);
            if (_signer(digest, p.gatingServiceSignature) != gating) revert InvalidSignature();
            if (usedGatingSignatureDigests[digest]) revert GatingSignatureAlreadyUsed(digest);
            usedGatingSignatureDigests[digest] = true;
        }
        uint256 referralTotal;
        for (uint256 i = 0; i < p.referralFees.length; i++) referralTotal += p.referralFees[i].fee;
        if (referralTotal > MAX_REFERRER_FEE) revert ReferralFeeExceedsMaximum(referralTotal, MAX_REFERRER_FEE);
        (address managerRecipient, uint256 managerFee) = e.getManagerFee(p.depositId);
        if (managerFee > MAX_MANAGER_FEE) revert FeeExceedsMaximum(managerFee, MAX_MANAGER_FEE);
        bytes32 intentHash = keccak256(abi.encodePacked(address(this), ++intentCounter));
        e.lockFunds(p.depositId, intentHash, p.amount);
        Intent storage it = intents[intentHash];
        it.owner = msg.sender;
        it.to = p.to;
        it.escrow = p.escrow;
        it.depositId = p.depositId;
        it.amount = p.amount;
        it.timestamp = block.timestamp;
        it.paymentMethod = p.paymentMethod;
        it.fiatCurrency = p.fiatCurrency;
        it.conversionRate = p.conversionRate;
        it.payeeId = e.getDepositPaymentMethodData(p.depositId, p.paymentMethod).payeeDetails;
        for (uint256 i = 0; i < p.referralFees.length; i++) it.referralFees.push(p.referralFees[i]);
        it.postIntentHook = p.postIntentHook;
        it.data = p.data;
        mine.push(intentHash);
        intentManagerFee[intentHash] = managerFee;
        intentManagerFeeRecipient[intentHash] = managerRecipient;
        emit IntentSignaled(
            intentHash, p.escrow, p.depositId, p.paymentMethod, msg.sender, p.to, p.amount, p.fiatCurrency, p.conversionRate, block.timestamp
        );
        emit IntentManagerFeeSnapshotted(intentHash, managerRecipient, managerFee);
        intentLifecycleHooks[intentHash] = lifecycleHook;
        if (lifecycleHook != address(0)) ILifecycleHookLike(lifecycleHook).onIntentSignaled(intentHash);
        emit IntentLifecycleHookSnapshotted(intentHash, lifecycleHook);
    }

    function cancelIntent(bytes32 intentHash) external {
        Intent storage it = intents[intentHash];
        if (it.owner == address(0)) revert IntentNotFound(intentHash);
        if (it.owner != msg.sender) revert UnauthorizedCaller(msg.sender, it.owner);
        uint256 depositId = it.depositId;
        _prune(intentHash);
        _notifyCancelled(intentHash);
        IEscrowLike(escrow).unlockFunds(depositId, intentHash);
    }

    /// Anyone may fulfil an intent with a verified payment.
    function fulfillIntent(FulfillIntentParams calldata p) external whenNotPaused {
        Intent storage it = intents[p.intentHash];
        if (it.owner == address(0)) revert IntentNotFound(p.intentHash);
        PaymentVerificationResult memory r = IVerifierLike(verifier).verifyPayment(VerifyPaymentData(p.intentHash, p.paymentProof, p.verificationData));
        if (!r.success) revert PaymentVerificationFailed();
        if (r.intentHash != p.intentHash) revert HashMismatch(p.intentHash, r.intentHash);
        uint256 release = r.releaseAmount < it.amount ? r.releaseAmount : it.amount;
        (uint256 min, ) = IEscrowLike(escrow).depositIntentRange(it.depositId);
        if (release < min) revert AmountBelowMin(release, min);
        _release(p.intentHash, release, false);
    }

    /// The maker's manual release, when the payer paid and no proof works.
    function releaseFundsToPayer(bytes32 intentHash) external {
        Intent storage it = intents[intentHash];
        if (it.owner == address(0)) revert IntentNotFound(intentHash);
        address maker = IEscrowLike(escrow).depositor(it.depositId);
        if (msg.sender != maker) revert UnauthorizedCaller(msg.sender, maker);
        _release(intentHash, it.amount, true);
    }

    function pruneIntents(bytes32[] calldata intentHashes) external {
        if (msg.sender != escrow) revert UnauthorizedEscrowCaller(msg.sender);
        for (uint256 i = 0; i < intentHashes.length; i++) {
            if (intents[intentHashes[i]].owner == address(0)) continue;
            _prune(intentHashes[i]);
            _notifyCancelled(intentHashes[i]);
        }
    }

    function getIntent(bytes32 intentHash) external view returns (Intent memory) {
        return intents[intentHash];
    }

    function getAccountIntents(address account) external view returns (bytes32[] memory) {
        return accountIntents[account];
    }

    function _release(bytes32 intentHash, uint256 release, bool manual) private {
        Intent storage it = intents[intentHash];
        address to = it.to;
        uint256 depositId = it.depositId;
        ReferralFee[] memory referrals = it.referralFees;
        uint256 managerFee = intentManagerFee[intentHash];
        address managerRecipient = intentManagerFeeRecipient[intentHash];
        _prune(intentHash);
        delete intentManagerFee[intentHash];
        delete intentManagerFeeRecipient[intentHash];
        IEscrowLike(escrow).unlockAndTransferFunds(depositId, intentHash, release, address(this));
        // each fee on the gross release, rounded down; the rest reaches the recipient
        uint256 fees;
        if (protocolFeeRecipient != address(0) && protocolFee > 0) {
            uint256 protocolAmount = (release * protocolFee) / PRECISE_UNIT;
            fees += protocolAmount;
            _pay(protocolFeeRecipient, protocolAmount);
        }
        for (uint256 i = 0; i < referrals.length; i++) {
            uint256 referralAmount = (release * referrals[i].fee) / PRECISE_UNIT;
            fees += referralAmount;
            _pay(referrals[i].recipient, referralAmount);
            emit IntentReferralFeeDistributed(intentHash, referrals[i].recipient, referralAmount);
        }
        if (managerRecipient != address(0) && managerFee > 0) {
            uint256 managerAmount = (release * managerFee) / PRECISE_UNIT;
            fees += managerAmount;
            _pay(managerRecipient, managerAmount);
        }
        uint256 net = release - fees;
        address hook = intentLifecycleHooks[intentHash];
        delete intentLifecycleHooks[intentHash];
        if (hook != address(0))
            ILifecycleHookLike(hook).settleIntent(ILifecycleHookLike.SettlementContext(intentHash, token, to, release, net, manual));
        _pay(to, net);
        emit IntentFulfilled(intentHash, to, net, manual);
    }

    function _notifyCancelled(bytes32 intentHash) private {
        address hook = intentLifecycleHooks[intentHash];
        delete intentLifecycleHooks[intentHash];
        if (hook != address(0)) ILifecycleHookLike(hook).onIntentCancelled(intentHash);
    }

    function _pay(address to, uint256 amount) private {
        if (amount > 0 && !IERC20Transfer(token).transfer(to, amount)) revert TransferFailed(to, amount);
    }

    function _prune(bytes32 intentHash) private {
        bytes32[] storage list = accountIntents[intents[intentHash].owner];
        for (uint256 i = 0; i < list.length; i++) {
            if (list[i] == intentHash) {
                list[i] = list[list.length - 1];
                list.pop();
                break;
            }
        }
        delete intents[intentHash];
        emit IntentPruned(intentHash);
    }

    function _gatingDigest(SignalIntentParams calldata p) private view returns (bytes32) {
        bytes32 inner = keccak256(
            abi.encodePacked(
                address(this),
                p.escrow,
                p.depositId,
                p.amount,
                msg.sender,
                p.to,
                p.paymentMethod,
                p.fiatCurrency,
                p.conversionRate,
                keccak256(abi.encode(p.referralFees)),
                p.postIntentHook,
                keccak256(p.data),
                p.signatureExpiration,
                block.chainid
            )
        );
        return keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", inner));
    }

    function _signer(bytes32 digest, bytes calldata sig) private pure returns (address) {
        if (sig.length != 65) return address(0);
        bytes32 r = bytes32(sig[0:32]);
        bytes32 s = bytes32(sig[32:64]);
        uint8 v = uint8(sig[64]);
        if (v < 27) v += 27;
        return ecrecover(digest, v, r, s);
    }
}
