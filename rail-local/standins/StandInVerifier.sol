// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

struct VerifyPaymentData { bytes32 intentHash; bytes paymentProof; bytes data; }
struct PaymentVerificationResult { bool success; bytes32 intentHash; uint256 releaseAmount; }

interface IOrchestratorIntents {
    struct ReferralFee { address recipient; uint256 fee; }
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
    function getIntent(bytes32 intentHash) external view returns (Intent memory);
}

/// Stands in for ZKP2P's UnifiedPaymentVerifierV3 as deployed on Base (the source in zkp2p-contracts'
/// deployments/base/UnifiedPaymentVerifierV3.json): accepts a payment attested by the witness key with
/// an EIP-712 signature (domain "UnifiedPaymentVerifier", version "1"; type PaymentAttestation(bytes32
/// intentHash,uint256 releaseAmount,bytes32 dataHash)) whose data is abi.encode(PaymentDetails,
/// IntentSnapshot), and makes the deployed checks with the deployed messages: the attestation and the
/// snapshot are for this intent; the snapshot's payee, amount, method, currency, rate and signal time
/// are the intent's as the orchestrator holds it; the payment's method is the intent's; the payment
/// was not used before ("Nullifier has already been used"). The release is capped at the intent's
/// amount. `rotateWitness` stands for a witness rotation: attestations signed before it fail.
contract StandInVerifier {
    struct PaymentDetails {
        bytes32 method;
        bytes32 payeeId;
        uint256 amount;
        bytes32 currency;
        uint256 timestamp;
        bytes32 paymentId;
    }
    struct IntentSnapshot {
        bytes32 intentHash;
        uint256 amount;
        bytes32 paymentMethod;
        bytes32 fiatCurrency;
        bytes32 payeeDetails;
        uint256 conversionRate;
        uint256 signalTimestamp;
        uint256 timestampBuffer;
    }
    struct PaymentAttestation {
        bytes32 intentHash;
        uint256 releaseAmount;
        bytes32 dataHash;
        bytes[] signatures;
        bytes data;
        bytes metadata;
    }

    event PaymentVerified(
        bytes32 indexed intentHash,
        bytes32 indexed method,
        bytes32 indexed currency,
        uint256 amount,
        uint256 timestamp,
        bytes32 paymentId,
        bytes32 payeeId
    );

    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant ATTESTATION_TYPEHASH = keccak256("PaymentAttestation(bytes32 intentHash,uint256 releaseAmount,bytes32 dataHash)");
    uint256 private constant MAX_TIMESTAMP_BUFFER = 48 hours * 1000;

    bool private initialized;
    address public witness;
    address public orchestrator;
    address public owner;
    mapping(bytes32 => bool) public nullified;

    function init(address witness_, address orchestrator_) external {
        require(!initialized, "initialized");
        initialized = true;
        witness = witness_;
        orchestrator = orchestrator_;
        owner = msg.sender;
    }

    /// A witness rotation: the verifier trusts another key from now on.
    function rotateWitness(address witness_) external {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        witness = witness_;
    }

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("UnifiedPaymentVerifier"), keccak256("1"), block.chainid, address(this)));
    }

    function verifyPayment(VerifyPaymentData calldata v) external returns (PaymentVerificationResult memory) {
        require(msg.sender == orchestrator, "Only orchestrator can call");
        PaymentAttestation memory a = abi.decode(v.paymentProof, (PaymentAttestation));
        require(a.intentHash == v.intentHash, "UPV: Attestation hash mismatch");
        require(a.releaseAmount != 0, "UPV: Invalid release amount");
        (PaymentDetails memory p, IntentSnapshot memory s) = abi.decode(a.data, (PaymentDetails, IntentSnapshot));
        require(p.method == s.paymentMethod, "UPV: Payment method mismatch");
        require(p.paymentId != bytes32(0), "UPV: Invalid payment ID");
        require(p.amount != 0, "UPV: Invalid payment amount");
        require(p.currency != bytes32(0), "UPV: Invalid payment currency");
        require(s.intentHash == v.intentHash, "UPV: Snapshot hash mismatch");
        IOrchestratorIntents.Intent memory it = IOrchestratorIntents(orchestrator).getIntent(v.intentHash);
        require(s.payeeDetails == it.payeeId, "UPV: Snapshot payee mismatch");
        require(s.amount == it.amount, "UPV: Snapshot amount mismatch");
        require(s.paymentMethod == it.paymentMethod, "UPV: Snapshot method mismatch");
        require(s.fiatCurrency == it.fiatCurrency, "UPV: Snapshot currency mismatch");
        require(s.conversionRate == it.conversionRate, "UPV: Snapshot rate mismatch");
        require(s.signalTimestamp == it.timestamp, "UPV: Snapshot timestamp mismatch");
        require(s.timestampBuffer <= MAX_TIMESTAMP_BUFFER, "UPV: Snapshot timestamp buffer exceeds maximum");
        require(keccak256(a.data) == a.dataHash, "UPV: Data hash mismatch");
        bytes32 digest = keccak256(
            abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), keccak256(abi.encode(ATTESTATION_TYPEHASH, a.intentHash, a.releaseAmount, a.dataHash)))
        );
        require(a.signatures.length > 0 && _signer(digest, a.signatures[0]) == witness, "UPV: Invalid attestation");
        bytes32 nullifier = keccak256(abi.encodePacked(p.method, p.paymentId));
        require(!nullified[nullifier], "Nullifier has already been used");
        nullified[nullifier] = true;
        emit PaymentVerified(a.intentHash, p.method, p.currency, p.amount, p.timestamp, p.paymentId, p.payeeId);
        uint256 release = a.releaseAmount > s.amount ? s.amount : a.releaseAmount;
        return PaymentVerificationResult(true, a.intentHash, release);
    }

    function _signer(bytes32 digest, bytes memory sig) private pure returns (address) {
        if (sig.length != 65) return address(0);
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(sig, 32))
            s := mload(add(sig, 64))
            v := byte(0, mload(add(sig, 96)))
        }
        if (v < 27) v += 27;
        return ecrecover(digest, v, r, s);
    }
}
