// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Stands in for a Chainlink price feed (AggregatorV3Interface) on the local chain, at the address that
/// the contracts-v2 package (oracleFeeds/chainlink.json) names for a pair such as EUR/USD: the two views
/// the rail reads, latestRoundData() and decimals(), and a setter a test moves the rate (and its
/// age) with. Anyone may set it: the local chain only.
contract StandInPriceFeed {
    uint8 public decimals;
    uint80 private round;
    int256 private answer;
    uint256 private updatedAt;

    function set(uint8 decimals_, int256 answer_, uint256 updatedAt_) external {
        decimals = decimals_;
        answer = answer_;
        updatedAt = updatedAt_ == 0 ? block.timestamp : updatedAt_;
        round++;
    }

    function latestRoundData() external view returns (uint80 roundId, int256 answer_, uint256 startedAt, uint256 updatedAt_, uint80 answeredInRound) {
        return (round, answer, updatedAt, updatedAt, round);
    }
}
