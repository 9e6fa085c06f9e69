// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Stands in for ZKP2P's AddressGroupRegistry on the local chain, at its production address: the
/// membership views a gated deposit's takers are checked with, and a setter for tests. Anyone may
/// add or remove members here: the local chain only.
contract StandInAddressGroupRegistry {
    mapping(bytes32 => mapping(address => bool)) public members;

    function isMember(bytes32 groupId, address account) external view returns (bool) {
        return members[groupId][account];
    }

    function addMembers(bytes32 groupId, address[] calldata accounts) external {
        for (uint256 i = 0; i < accounts.length; i++) members[groupId][accounts[i]] = true;
    }

    function removeMembers(bytes32 groupId, address[] calldata accounts) external {
        for (uint256 i = 0; i < accounts.length; i++) members[groupId][accounts[i]] = false;
    }
}
