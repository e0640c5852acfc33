// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Chainlink-style price feed for the sandbox. ChainlinkConversionPath reads the legacy
/// AggregatorInterface (latestAnswer, latestTimestamp, decimals); newer readers use
/// latestRoundData. The timestamp is stored, not derived from the current block, so a rate
/// ages like a real one and the conversion proxies' "aggregator rate is outdated" check is
/// meaningful; the sandbox refreshes it by re-posting the answer.
contract SandboxPriceFeed {
    uint8 public immutable decimals;
    address private immutable updater;
    string public description;
    int256 public latestAnswer;
    uint256 public latestTimestamp;
    uint256 public latestRound;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(int256 answer, uint8 decimals_, string memory description_) {
        decimals = decimals_;
        description = description_;
        updater = msg.sender;
        _update(answer);
    }

    function updateAnswer(int256 answer) external {
        require(msg.sender == updater, "SandboxPriceFeed: only the sandbox updater");
        _update(answer);
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return (uint80(latestRound), latestAnswer, latestTimestamp, latestTimestamp, uint80(latestRound));
    }

    function _update(int256 answer) private {
        latestAnswer = answer;
        latestTimestamp = block.timestamp;
        latestRound += 1;
        emit AnswerUpdated(answer, latestRound, block.timestamp);
    }
}
