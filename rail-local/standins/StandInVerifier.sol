// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

struct VerifyPaymentData { bytes32 intentHash; bytes paymentProof; bytes data; }
struct PaymentVerificationResult { bool success; bytes32 intentHash; uint256 releaseAmount; }

/// Stands in for ZKP2P's UnifiedPaymentVerifierV3 on the local chain: accepts a payment attested by
/// the witness key with an EIP-712 signature (domain "UnifiedPaymentVerifier", version "1"; type
/// PaymentAttestation(bytes32 intentHash,uint256 releaseAmount,bytes32 dataHash)), as the docs
/// describe, and refuses a payment used before. The payment details are our reading:
/// abi.encode(bytes32 method, bytes32 currency, uint256 amount, uint256 timestamp, bytes32 paymentId, bytes32 payeeId).
contract StandInVerifier {
    struct PaymentAttestation {
        bytes32 intentHash;
        uint256 releaseAmount;
        bytes32 dataHash;
        bytes[] signatures;
        bytes encodedPaymentDetails;
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

    error PaymentAlreadyUsed(bytes32 nullifier);
    error UnauthorizedCaller(address caller, address authorized);

    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant ATTESTATION_TYPEHASH = keccak256("PaymentAttestation(bytes32 intentHash,uint256 releaseAmount,bytes32 dataHash)");

    bool private initialized;
    address public witness;
    address public orchestrator;
    mapping(bytes32 => bool) public nullified;

    function init(address witness_, address orchestrator_) external {
        require(!initialized, "initialized");
        initialized = true;
        witness = witness_;
        orchestrator = orchestrator_;
    }

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("UnifiedPaymentVerifier"), keccak256("1"), block.chainid, address(this)));
    }

    function verifyPayment(VerifyPaymentData calldata v) external returns (PaymentVerificationResult memory) {
        if (msg.sender != orchestrator) revert UnauthorizedCaller(msg.sender, orchestrator);
        PaymentAttestation memory a = abi.decode(v.paymentProof, (PaymentAttestation));
        if (a.intentHash != v.intentHash || a.signatures.length == 0) return PaymentVerificationResult(false, v.intentHash, 0);
        if (keccak256(a.encodedPaymentDetails) != a.dataHash) return PaymentVerificationResult(false, v.intentHash, 0);
        bytes32 digest = keccak256(
            abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), keccak256(abi.encode(ATTESTATION_TYPEHASH, a.intentHash, a.releaseAmount, a.dataHash)))
        );
        if (_signer(digest, a.signatures[0]) != witness) return PaymentVerificationResult(false, v.intentHash, 0);
        (bytes32 method, bytes32 currency, uint256 amount, uint256 timestamp, bytes32 paymentId, bytes32 payeeId) =
            abi.decode(a.encodedPaymentDetails, (bytes32, bytes32, uint256, uint256, bytes32, bytes32));
        bytes32 nullifier = keccak256(abi.encodePacked(method, paymentId));
        if (nullified[nullifier]) revert PaymentAlreadyUsed(nullifier);
        nullified[nullifier] = true;
        emit PaymentVerified(a.intentHash, method, currency, amount, timestamp, paymentId, payeeId);
        return PaymentVerificationResult(true, a.intentHash, a.releaseAmount);
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
