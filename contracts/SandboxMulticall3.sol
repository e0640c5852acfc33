// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The `aggregate3` entry point of Multicall3, placed at Multicall3's canonical address
/// (0xcA11bde05977b3631167028862bE2a173976CA11) so viem's `multicall` works on sandbox chains
/// as it does on the production ones. Only the function viem calls is provided.
contract SandboxMulticall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory ret) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256) {
        return block.timestamp;
    }

    function getEthBalance(address addr) external view returns (uint256) {
        return addr.balance;
    }
}
